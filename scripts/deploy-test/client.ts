import http from "node:http";
import { first } from "#app/domain/presence";

// A visitor of the deploy test: its own connections (kept alive, as a browser's are), its own
// cookies, and optionally its own source address on the loopback network (127.0.0.0/8), so the
// per-address sign-in limit of one test is not shared with another's.

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The server that answered, as the balancer names it (X-Served-By), or the port asked directly. */
  servedBy: string;
  method: string;
  path: string;
  startedAt: number;
  endedAt: number;
  /** A request that got no whole HTTP answer (refused, reset, cut off mid-answer): its error. */
  error?: string;
}

export type Body = { form: Record<string, string | string[]> } | { json: unknown } | undefined;

const REQUEST_TIMEOUT_MS = 30_000;

export class Visitor {
  readonly cookies = new Map<string, string>();
  private readonly agent: http.Agent;

  constructor(
    readonly origin: string,
    options: { localAddress?: string; bearer?: string } = {},
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 4, localAddress: options.localAddress });
    this.bearer = options.bearer;
  }

  /** An API session's token, sent as `Authorization: Bearer` (the pages use the cookie instead). */
  bearer: string | undefined;

  close(): void {
    this.agent.destroy();
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send("GET", path, undefined, headers);
  }

  post(path: string, body: Body, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send("POST", path, body, headers);
  }

  /** One request; never throws: a request that got no answer comes back with status 0 and its error. */
  send(method: string, path: string, body: Body, extra: Record<string, string> = {}): Promise<Answer> {
    const url = new URL(path, this.origin);
    const headers: Record<string, string> = { accept: "text/html,application/json", ...extra };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    let payload: string | undefined;
    if (body && "form" in body) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(body.form)) for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
      payload = params.toString();
      headers["content-type"] = "application/x-www-form-urlencoded";
      // A browser names the page that posted: the app's cross-site check wants this site.
      headers.origin = this.origin;
    } else if (body && "json" in body) {
      payload = JSON.stringify(body.json);
      headers["content-type"] = "application/json";
    }
    if (payload !== undefined) headers["content-length"] = String(Buffer.byteLength(payload));
    const startedAt = Date.now();
    const port = url.port;
    return new Promise<Answer>((resolve) => {
      const req = http.request(url, { method, headers, agent: this.agent, timeout: REQUEST_TIMEOUT_MS }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        // The connection closed under an answer already under way (its server died mid-answer).
        res.on("error", (err) =>
          finish(res.statusCode ?? 0, res.headers, Buffer.concat(chunks).toString("utf8"), `answer cut off: ${err.message}`),
        );
        res.on("end", () => {
          for (const cookie of res.headers["set-cookie"] ?? []) {
            const pair = first(cookie.split(";"), "a cookie");
            const eq = pair.indexOf("=");
            const name = pair.slice(0, eq).trim();
            const value = pair.slice(eq + 1).trim();
            // An expired or emptied cookie is the server taking it back (a sign-out).
            if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.cookies.delete(name);
            else this.cookies.set(name, value);
          }
          finish(res.statusCode ?? 0, res.headers, Buffer.concat(chunks).toString("utf8"));
        });
      });
      let done = false;
      const finish = (status: number, h: http.IncomingHttpHeaders, text: string, error?: string) => {
        if (done) return;
        done = true;
        const servedBy = typeof h["x-served-by"] === "string" ? h["x-served-by"] : `:${port}`;
        resolve({ status, headers: h, body: text, servedBy, method, path, startedAt, endedAt: Date.now(), error });
      };
      req.on("timeout", () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)));
      req.on("error", (err) => finish(0, {}, "", err.message));
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }
}

/** The fields a browser without JavaScript would post from the first form that has `marker` as a field name. */
export function formOf(
  html: string,
  marker: string,
): { action: string; fields: Record<string, string>; checkboxes: Map<string, string[]> } | null {
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const [, attrs, inner] = match;
    const inputs = [...inner!.matchAll(/<input\b[^>]*>/g)].map((m) => attributes(m[0]));
    if (!inputs.some((a) => a.name === marker)) continue;
    const fields: Record<string, string> = {};
    const checkboxes = new Map<string, string[]>();
    for (const a of inputs) {
      if (!a.name) continue;
      if (a.type === "checkbox") checkboxes.set(a.name, [...(checkboxes.get(a.name) ?? []), a.value ?? "on"]);
      else fields[a.name] = a.value ?? "";
    }
    return { action: decode(attributes(`<form ${attrs}>`).action ?? ""), fields, checkboxes };
  }
  return null;
}

function attributes(tag: string): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const m of tag.matchAll(/\s([a-zA-Z-]+)(?:="([^"]*)")?/g)) out[m[1]!.toLowerCase()] = m[2] === undefined ? "" : decode(m[2]);
  return out;
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
