import { describe, expect, it } from 'vitest';
import { formatMoney, formatPrice } from '../../src/content/money.js';

/** Spaces shown as "·" so a no-break space (·) and an ordinary one ( ) differ in a failure. */
const shown = (text: string) => text.replace(/\u00a0/g, '·');

describe('money as the site writes it', () => {
  it('groups Polish four-digit amounts as Polish price lists do: "3 900 zł", not "3900 zł"', () => {
    expect(shown(formatMoney(3900, 'PLN', 'pl'))).toBe('3·900·zł');
    expect(shown(formatMoney(12000, 'PLN', 'pl'))).toBe('12·000·zł');
    expect(shown(formatMoney(900, 'PLN', 'pl'))).toBe('900·zł');
  });

  it('writes English amounts with the symbol first and a comma: "€3,900", and other currencies by code', () => {
    expect(formatMoney(3900, 'EUR', 'en')).toBe('€3,900');
    expect(shown(formatMoney(1200, 'PLN', 'en'))).toBe('PLN·1,200');
  });

  it('keeps cents only when the amount has them, with the language\'s decimal mark', () => {
    expect(shown(formatMoney(3900.5, 'PLN', 'pl'))).toBe('3·900,50·zł');
    expect(formatMoney(99.9, 'EUR', 'en')).toBe('€99.90');
  });

  it('uses no breaking space anywhere inside an amount', () => {
    for (const text of [formatMoney(3900, 'PLN', 'pl'), formatMoney(1234567, 'EUR', 'pl'), formatMoney(1200, 'PLN', 'en')]) {
      expect(text).not.toMatch(/[ \u202f\t]/);
    }
  });
});

describe('a price as one unbreakable phrase', () => {
  it('joins "od", the amount, "netto" and the unit with no-break spaces', () => {
    expect(shown(formatPrice(1200, 'PLN', 'pl', { from: true, net: true, unit: { label: '/ mies.' } }))).toBe('od·1·200·zł·netto·/·mies.');
    expect(shown(formatPrice(820, 'EUR', 'en', { from: true, net: true, unit: { label: 'per day for a group' } }))).toBe('from·€820·net·per·day for a group');
  });

  it('holds a short first word of the unit to the next one, so "za" never ends a line', () => {
    expect(shown(formatPrice(3400, 'PLN', 'pl', { unit: { label: 'za dzień dla grupy' } }))).toBe('3·400·zł·za·dzień dla grupy');
  });

  it('says "quoted individually" in the language for a price set after a conversation', () => {
    expect(formatPrice(null, 'PLN', 'pl', { from: true })).toBe('wycena indywidualna');
    expect(formatPrice(null, 'EUR', 'en')).toBe('quoted individually');
  });
});
