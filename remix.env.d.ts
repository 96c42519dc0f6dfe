/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Single fetch (remix.config.js future.v3_singleFetch): useLoaderData<typeof loader>() and
// useActionData<typeof action>() read the data that data() carries.
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
