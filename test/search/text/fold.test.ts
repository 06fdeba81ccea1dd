import { describe, expect, it } from 'vitest';
import { foldText } from '../../../src/search/text/fold.js';

describe('foldText', () => {
  it('folds the Polish pangram to plain ASCII letters', () => {
    expect(foldText('Zażółć gęślą jaźń, Łódź')).toBe('zazolc gesla jazn, lodz');
  });

  it('folds every Polish letter with a diacritic, lower and upper case', () => {
    expect(foldText('ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ')).toBe('acelnoszz acelnoszz');
  });

  it('maps letters that Unicode does not decompose', () => {
    expect(foldText('Ørsted Đakovo Straße Æsir Œuvre')).toBe('orsted dakovo strasse aesir oeuvre');
  });

  it('folds other European accents', () => {
    expect(foldText('Ça va, naïve café über señor')).toBe('ca va, naive cafe uber senor');
  });

  it('lower-cases without depending on the locale (Turkish dotted I)', () => {
    expect(foldText('İSTANBUL')).toBe('istanbul');
  });

  it('keeps digits and punctuation for the tokenizer to decide', () => {
    expect(foldText('GA4: 3 900 zł, 4xx!')).toBe('ga4: 3 900 zl, 4xx!');
  });

  it('turns compatibility forms into plain letters and digits', () => {
    expect(foldText('ﬁnanse m² ＧＡ４')).toBe('finanse m2 ga4');
  });

  it('removes soft hyphens and zero-width characters inside words', () => {
    expect(foldText('wdro\u00ADżenie ana\u200Blityka')).toBe('wdrozenie analityka');
  });

  it('returns plain ASCII text only lower-cased', () => {
    expect(foldText('Server-Side Tagging')).toBe('server-side tagging');
  });
});
