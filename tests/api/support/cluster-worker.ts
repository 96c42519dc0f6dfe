// One worker of the cluster test (tests/api/cluster.test.ts): the app's real API over the
// process's database (DATABASE_URL), served on PORT by node:http, as a cluster worker shares it.
// Every answer names the process that served it (x-worker-pid), so the test can tell workers apart.
import { createServer } from "node:http";
import { Readable } from "node:stream";
import { inProcessApi } from "#app/lib/api-app.server";

const api = await inProcessApi();
createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  const answer = await api.fetch(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body }));
  res.writeHead(answer.status, { ...Object.fromEntries(answer.headers), "x-worker-pid": String(process.pid) });
  if (answer.body) Readable.fromWeb(answer.body as never).pipe(res);
  else res.end();
}).listen(Number(process.env.PORT), "127.0.0.1");
