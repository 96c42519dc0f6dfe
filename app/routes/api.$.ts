import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { openedApi } from "#app/lib/api-app.server";

// One splat resource route mounts the whole REST API (app/api) under /api.
const forward = async ({ request }: LoaderFunctionArgs | ActionFunctionArgs) => {
  const api = await openedApi();
  return api instanceof Response ? api : api.fetch(request);
};

export const loader = forward;
export const action = forward;
