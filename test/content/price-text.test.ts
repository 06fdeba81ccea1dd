import { describe, expect, it } from 'vitest';
import { noBreakPrices, readPrice } from '../../src/content/price-text.js';

const shown = (text: string) => text.replace(/\u00a0/g, '·');

describe('reading a price as a site writes it', () => {
  it.each([
    ['od 1 200 zł netto / mies.', { amount: 1200, currency: 'PLN', from: true, unit: { per: 'month', label: '/ mies.' } }],
    ['od 1 500 zł netto miesięcznie', { amount: 1500, unit: { per: 'month', label: 'miesięcznie' } }],
    ['3 400 zł netto za dzień dla grupy', { amount: 3400, from: false, unit: { per: 'day', label: 'za dzień' } }],
    ['150 zł za godzinę', { amount: 150, unit: { per: 'hour', label: 'za godzinę' } }],
    ['150 zł/h', { amount: 150, unit: { per: 'hour', label: '/h' } }],
    ['490 zł brutto za osobę', { amount: 490, unit: { per: 'person', label: 'za osobę' } }],
    ['from €290 net per month', { amount: 290, currency: 'EUR', from: true, unit: { per: 'month', label: 'per month' } }],
    ['$49/mo', { amount: 49, currency: 'USD', unit: { per: 'month', label: '/mo' } }],
    ['€460 per day', { amount: 460, unit: { per: 'day', label: 'per day' } }],
    ['EUR 95 per hour', { amount: 95, currency: 'EUR', unit: { per: 'hour', label: 'per hour' } }],
    ['€120 per person', { amount: 120, unit: { per: 'person', label: 'per person' } }],
    // As the real WordPress mirror's price list writes them (test/fixtures/sites/real/wordpress).
    ['2 400 zł netto / dzień', { amount: 2400, unit: { per: 'day', label: '/ dzień' } }],
    ['160 zł netto / godz.', { amount: 160, unit: { per: 'hour', label: '/ godz.' } }],
    ['450 zł netto / os.', { amount: 450, unit: { per: 'person', label: '/ os.' } }],
    ['1 900 zł za dzień', { amount: 1900, unit: { per: 'day', label: 'za dzień' } }],
    ['99 zł za stronę', { amount: 99, unit: { per: 'page', label: 'za stronę' } }],
    ['4 000 zł / tydzień', { amount: 4000, unit: { per: 'week', label: '/ tydzień' } }],
  ])('%s', (text, expected) => {
    expect(readPrice(text)).toMatchObject(expected);
  });

  it('keeps the net or gross wording the site uses', () => {
    expect(readPrice('od 1 200 zł netto / mies.')?.vat).toEqual({ net: true, words: 'netto' });
    expect(readPrice('490 zł brutto za osobę')?.vat).toEqual({ net: false, words: 'brutto' });
    expect(readPrice('€950 + VAT')?.vat).toEqual({ net: true, words: '+ VAT' });
    expect(readPrice('3 900 zł')?.vat).toBeUndefined();
  });

  it('reads a one-off price without a unit, grouped amounts and cents', () => {
    expect(readPrice('Wdrożenie GA4: od 3 900 zł netto')).toMatchObject({ amount: 3900, unit: undefined });
    expect(readPrice('12.000,50 PLN')).toMatchObject({ amount: 12000.5, currency: 'PLN' });
    expect(readPrice('€1,650')).toMatchObject({ amount: 1650, currency: 'EUR' });
  });

  it('finds no price in a number without a currency', () => {
    expect(readPrice('W 2024 roku obsłużyliśmy 120 firm.')).toBeUndefined();
  });
});

describe('holding prices together in running text', () => {
  it('joins "od", the amount, the currency, "netto" and the unit with no-break spaces, and nothing else', () => {
    expect(shown(noBreakPrices('Szkolenie kosztuje od 3 900 zł netto / mies. dla grupy.'))).toBe('Szkolenie kosztuje od·3·900·zł·netto·/·mies. dla grupy.');
    expect(shown(noBreakPrices('Costs from €1,650 net per month, VAT excluded.'))).toBe('Costs from·€1,650·net·per·month, VAT excluded.');
  });

  it('leaves text without prices as it is', () => {
    const text = 'Od marca 2024 r. reklamodawcy z EOG muszą przekazywać sygnały zgody.';
    expect(noBreakPrices(text)).toBe(text);
  });
});
