import { describe, expect, it, vi } from 'vitest';

// The pages' `t` reads the browser's catalogue; here the chosen one on disk.
const language = vi.hoisted(() => ({ current: 'en' }));
vi.mock('../../../src/shared/i18n.ts', async () => (await import('../../support/catalogue-i18n.ts')).catalogueI18n(() => language.current));

const { senderText, subjectText } = await import('../../../src/model/letter-text.ts');

describe('who a letter is from, as the lists show it', () => {
  it("is the sender's name when the letter has one, uploaded or not", () => {
    expect(senderText({ sender: 'Skatteetaten', uploaded: false })).toBe('Skatteetaten');
    expect(senderText({ sender: ' Fjordkraft ', uploaded: false })).toBe('Fjordkraft');
    expect(senderText({ sender: 'Kari Nordmann', uploaded: true })).toBe('Kari Nordmann');
  });

  it("is the person themself for a letter they uploaded, which has no sender's name", () => {
    language.current = 'en';
    expect(senderText({ sender: '', uploaded: true })).toBe('Uploaded by you');
    expect(senderText({ sender: '  ', uploaded: true })).toBe('Uploaded by you');
    language.current = 'nb';
    expect(senderText({ sender: '', uploaded: true })).toBe('Lastet opp av deg');
  });

  it('is "Unknown sender" for any other letter without a name', () => {
    language.current = 'en';
    expect(senderText({ sender: '', uploaded: false })).toBe('Unknown sender');
    language.current = 'nb';
    expect(senderText({ sender: ' ', uploaded: false })).toBe('Ukjent avsender');
  });
});

describe('what a letter is about, as the lists and its page show it', () => {
  it('is its subject, or says why there is none', () => {
    language.current = 'en';
    expect(subjectText({ subject: 'Skattemelding', confidential: false })).toBe('Skattemelding');
    expect(subjectText({ subject: ' ', confidential: true })).toBe('Confidential letter');
    expect(subjectText({ subject: '', confidential: false })).toBe('(no subject)');
  });
});
