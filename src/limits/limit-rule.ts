/** One limit: at most `limit` events per `windowMs` for the subject named by `key`. */
export interface LimitRule {
  /** Store key of the counter, e.g. `quota:inquiry:email:a@b.example`. */
  readonly key: string;
  readonly limit: number;
  readonly windowMs: number;
  /** For people: what is limited, e.g. "2 inquiries per e-mail address per day". */
  readonly description: string;
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
