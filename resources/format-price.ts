import type { Lang } from '../src/content/schema.js';

/** `3 900 PLN` in Polish, `1,800 EUR` in English; null is "quoted individually". */
export function formatPrice(amount: number | null, currency: string, lang: Lang): string {
  if (amount === null) return lang === 'pl' ? 'wycena indywidualna' : 'quoted individually';
  const [whole, fraction] = amount.toFixed(2).replace(/\.00$/, '').split('.') as [string, string | undefined];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'pl' ? ' ' : ',');
  const decimal = fraction === undefined ? '' : (lang === 'pl' ? ',' : '.') + fraction;
  return `${grouped}${decimal} ${currency}`;
}
