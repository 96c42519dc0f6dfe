// autocannon ships no types; the benchmark uses its programmatic API only.
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
  }
  interface Instance extends PromiseLike<Result> {
    on(event: "response", fn: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void;
  }
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
