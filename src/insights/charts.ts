/**
 * The dashboard's charts, drawn on the server as SVG: no script, no library in the page, and a
 * picture that scales to any width (viewBox, width 100%). Each chart has a text alternative and
 * the page shows the same numbers in a table under it.
 */

export interface Series {
  readonly key: string;
  readonly label: string;
  readonly color: string;
}

/** Colours told apart by people with the common colour-vision deficiencies (Okabe–Ito). */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#6b6b6b'] as const;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Stacked columns, one per day; the legend is HTML beside it (it wraps on a narrow screen). */
export function stackedColumns(days: readonly { label: string; values: Readonly<Record<string, number>> }[], series: readonly Series[], description: string, formatNumber: (n: number) => string): string {
  // Drawn for a phone's width (390 px): on a wider screen the picture scales up, text with it.
  const width = 400;
  const height = 200;
  const top = 16;
  const bottom = 28;
  const left = 44;
  const plotHeight = height - top - bottom;
  const max = Math.max(1, ...days.map((day) => series.reduce((sum, s) => sum + (day.values[s.key] ?? 0), 0)));
  const scale = niceMax(max);
  const slot = (width - left - 8) / Math.max(1, days.length);
  const barWidth = Math.max(2, Math.min(36, slot * 0.7));
  const parts: string[] = [];
  for (const fraction of [0, 0.5, 1]) {
    const y = top + plotHeight * (1 - fraction);
    parts.push(`<line x1="${left}" x2="${width}" y1="${y}" y2="${y}" stroke="#d0d0d0" stroke-width="1"/>`);
    parts.push(`<text x="${left - 6}" y="${y + 4}" text-anchor="end" font-size="12" fill="#444">${escape(formatNumber(scale * fraction))}</text>`);
  }
  const labelEvery = Math.max(1, Math.ceil(days.length / 5));
  days.forEach((day, index) => {
    const x = left + slot * index + (slot - barWidth) / 2;
    let y = top + plotHeight;
    for (const s of series) {
      const value = day.values[s.key] ?? 0;
      if (value <= 0) continue;
      const h = (value / scale) * plotHeight;
      y -= h;
      parts.push(`<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${barWidth.toFixed(1)}" height="${h.toFixed(1)}" fill="${s.color}"><title>${escape(`${day.label}: ${s.label} ${formatNumber(value)}`)}</title></rect>`);
    }
    if (index % labelEvery === 0 || index === days.length - 1) {
      parts.push(`<text x="${(x + barWidth / 2).toFixed(1)}" y="${height - 8}" text-anchor="middle" font-size="12" fill="#444">${escape(day.label)}</text>`);
    }
  });
  return svg(width, height, description, parts);
}

/** Horizontal bars, one per row, labelled with the number; for the doors, the funnel and the top lists. */
export function horizontalBars(rows: readonly { label: string; value: number; color?: string }[], description: string, formatNumber: (n: number) => string): string {
  const width = 400;
  const rowHeight = 30;
  const height = Math.max(1, rows.length) * rowHeight + 8;
  const labelWidth = 0;
  const max = Math.max(1, ...rows.map((row) => row.value));
  const parts: string[] = [];
  rows.forEach((row, index) => {
    const y = 4 + index * rowHeight;
    const w = Math.max(row.value > 0 ? 2 : 0, ((width - labelWidth - 80) * row.value) / max);
    parts.push(`<rect x="${labelWidth}" y="${y + 14}" width="${w.toFixed(1)}" height="12" fill="${row.color ?? PALETTE[0]}"/>`);
    parts.push(`<text x="${labelWidth}" y="${y + 11}" font-size="13" fill="#222">${escape(row.label)}</text>`);
    parts.push(`<text x="${(labelWidth + w + 6).toFixed(1)}" y="${y + 25}" font-size="13" fill="#222">${escape(formatNumber(row.value))}</text>`);
  });
  return svg(width, height, description, parts);
}

function svg(width: number, height: number, description: string, parts: readonly string[]): string {
  return `<svg class="chart" viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-label="${escape(description)}" xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif">${parts.join('')}</svg>`;
}

/** 1, 2 or 5 times a power of ten, at or above `value`: gridlines at round numbers. */
function niceMax(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}
