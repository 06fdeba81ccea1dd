import { Format, SingleBar, type Options, type Params } from 'cli-progress';
import type { ImportProgress } from '../import/run-import.js';
import { formatNumber, message, type MessageLanguage } from '../messages/catalog.js';

export interface Progress {
  update(progress: ImportProgress): void;
  stop(): void;
}

/** The widest bar drawn; a narrower terminal gets a narrower bar, then fewer figures. */
const MAX_BAR = 40;
const MIN_BAR = 10;

interface Payload {
  readonly fetched: number;
  readonly skipped: number;
  readonly failed: number;
  readonly rate: string;
  readonly etaText: string;
}

/**
 * A bar with counts, rate and ETA on a terminal; a plain line every 50 pages (and at the end)
 * otherwise. The bar's line always fits the terminal (`stream.columns`): the bar narrows first,
 * then the least needed figures go (ETA, rate, skipped, failed, fetched).
 */
export function createProgress(stream: NodeJS.WriteStream, lang: MessageLanguage): Progress {
  if (stream.isTTY === true) {
    const bar = new SingleBar({ format: (options, params, payload: Payload) => fitLine(lang, options, params, payload), hideCursor: true, clearOnComplete: false, stream, barsize: MAX_BAR });
    let started = false;
    const began = Date.now();
    return {
      update(progress) {
        const rate = progress.fetched / Math.max((Date.now() - began) / 1000, 0.001);
        const done = progress.fetched + progress.skipped + progress.failed;
        // Our own ETA: the library's goes wrong while pages are written after the last fetch.
        const left = Math.max(progress.found - done, 0);
        const etaText = left === 0 ? '0s' : rate > 0 ? `${Math.ceil(left / rate)}s` : '?';
        const payload: Payload = { fetched: progress.fetched, skipped: progress.skipped, failed: progress.failed, rate: formatNumber(lang, rate, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }), etaText };
        if (!started) {
          bar.start(Math.max(progress.found, 1), Math.min(done, progress.found), payload);
          started = true;
        }
        bar.setTotal(Math.max(progress.found, 1));
        bar.update(Math.min(done, progress.found), payload);
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  let last = 0;
  let latest: ImportProgress | undefined;
  const line = (progress: ImportProgress) => stream.write(`${message(lang, 'cli.progress', { ...progress })}\n`);
  return {
    update(progress) {
      latest = progress;
      const done = progress.fetched + progress.skipped + progress.failed;
      if (done - last >= 50) {
        last = done;
        line(progress);
      }
    },
    stop() {
      if (latest !== undefined) line(latest);
    },
  };
}

/** The bar's line for a terminal `params.maxWidth` wide (one column is left free, so the line never wraps). */
function fitLine(lang: MessageLanguage, options: Options, params: Params, payload: Payload): string {
  const width = Math.max(params.maxWidth - 1, 1);
  const counts = message(lang, 'cli.bar.pages', { value: String(params.value), total: String(params.total), count: params.total });
  const figure = (name: string, count: number) => message(lang, 'cli.bar.figures', { figure: name, count, eta: payload.etaText });
  const figures = [figure('fetched', payload.fetched), figure('failed', payload.failed), figure('skipped', payload.skipped), `${payload.rate}/s`, figure('eta', 0)];
  const importing = message(lang, 'cli.bar');
  for (let shown = figures.length; shown >= 0; shown -= 1) {
    const text = [counts, ...figures.slice(0, shown)].join(' | ');
    const room = width - `${importing} [] `.length - text.length;
    if (room >= MIN_BAR || (shown === 0 && room >= 3)) {
      const barsize = Math.min(room, MAX_BAR);
      return `${importing} [${Format.BarFormat(params.progress, { ...options, barsize })}] ${text}`;
    }
  }
  const plain = `${importing} ${counts}`;
  return plain.length <= width ? plain : counts.slice(0, width);
}
