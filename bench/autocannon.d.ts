// The part of autocannon's API the serve bench uses (the package ships no types, and
// @types/autocannon describes an older major).
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Called before each request is sent: the request to send (varied bodies). */
    setupRequest?: (req: Request) => Request;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    requests?: Request[];
  }
  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Responses by status code: '200', '503', … */
    statusCodeStats?: Record<string, { count: number }>;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
