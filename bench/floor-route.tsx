// The benchmark's floor route (issue 6): built only into the benchmark's own build
// (REMIX_BENCH_FLOOR=1, see remix.config.js), never into the app. Same root layout, no data
// access: the loader returns a static table, sized by ?rows= so its HTML matches a real page,
// and the component renders it. What a page costs beyond this is our cost, not Remix's.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Floor – Early Literacy Screening" }];

const NAMES = ["Ava Nguyen", "Liam Garcia", "Mia Smith", "Noah Johnson", "Zoe Okafor", "Ethan Kim", "Lucia Patel", "Omar Brown"];

export function loader({ request }: LoaderFunctionArgs) {
  const rows = Math.max(1, Math.min(5000, Number(new URL(request.url).searchParams.get("rows")) || 30));
  return {
    rows: Array.from({ length: rows }, (_, i) => ({
      id: `row-${i}`,
      name: NAMES[i % NAMES.length],
      code: `B${String(100000 + i * 7919).slice(-6)}`,
      scores: [(i * 37) % 99, (i * 53) % 99, (i * 71) % 99, (i * 13) % 99, (i * 29) % 99, (i * 43) % 99],
    })),
  };
}

export default function Floor() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Floor</h1>
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Code</th>
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <th key={n} scope="col">
                Test {n}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <th scope="row">{r.name}</th>
              <td>{r.code}</td>
              {r.scores.map((s, i) => (
                <td key={i}>{s}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
