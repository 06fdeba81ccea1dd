import { describe, expect, it } from 'vitest';
import { configProblems, runConfig } from '../helpers/config.js';



describe('mail options', () => {
  it('have no SMTP server, sender, recipients, prefix or remote by default', () => {
    expect(runConfig([])).toMatchObject({ smtpUrl: undefined, mailFrom: undefined, inquiryTo: [], inquirySubjectPrefix: undefined, remoteMcpUrl: undefined });
  });

  it('read each from its environment variable', () => {
    expect(
      runConfig([], {
        SMTP_URL: 'smtps://user:pass@mail.example.com:465',
        MAIL_FROM: 'Strona WWW <www@agency.pl>',
        INQUIRY_TO: 'leads@agency.pl, crm@agency.pl',
        INQUIRY_SUBJECT_PREFIX: '[LEAD]',
        REMOTE_MCP_URL: 'https://agency.pl/mcp',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: { name: 'Strona WWW', address: 'www@agency.pl' },
      inquiryTo: ['leads@agency.pl', 'crm@agency.pl'],
      inquirySubjectPrefix: '[LEAD]',
      remoteMcpUrl: 'https://agency.pl/mcp',
    });
  });

  it('accept a bare sender address', () => {
    expect(runConfig(['--mail-from', 'www@agency.pl']).mailFrom).toEqual({ name: '', address: 'www@agency.pl' });
  });

  it('refuse an SMTP URL of another scheme without repeating it, since it may hold a password', () => {
    const [problem] = configProblems([], { SMTP_URL: 'http://user:hunter2@mail.example.com' });
    expect(problem).toContain('SMTP_URL (--smtp-url) must be an smtp:// or smtps:// URL');
    expect(problem).toContain('the value is not shown');
    expect(problem).not.toContain('hunter2');
  });

  it('refuse a Redis URL without repeating it either', () => {
    const [problem] = configProblems([], { REDIS_URL: 'http://:hunter2@redis' });
    expect(problem).not.toContain('hunter2');
  });

  it('refuse a sender that is not one mailbox', () => {
    for (const value of ['www@agency.pl, spy@evil.com', 'not an address', 'A <www@agency.pl>\r\nBcc: spy@evil.com']) {
      expect(configProblems(['--mail-from', value])[0]).toContain('must be one mailbox');
    }
  });

  it('refuse recipients that are not addresses', () => {
    expect(configProblems([], { INQUIRY_TO: 'leads@agency.pl, nobody' })[0]).toContain('INQUIRY_TO');
  });

  it('refuse a subject prefix with a line break', () => {
    expect(configProblems(['--inquiry-subject-prefix', '[LEAD]\r\nBcc: spy@evil.com'])[0]).toContain('must be one line');
  });

  it('refuse a remote MCP URL over plain http unless it is on this machine', () => {
    expect(configProblems([], { REMOTE_MCP_URL: 'http://agency.pl/mcp' })[0]).toContain('must be an https URL');
    expect(configProblems([], { REMOTE_MCP_URL: 'https://user:pw@agency.pl/mcp' })[0]).toContain('without credentials');
    expect(runConfig([], { REMOTE_MCP_URL: 'http://127.0.0.1:3000/mcp' }).remoteMcpUrl).toBe('http://127.0.0.1:3000/mcp');
  });
});
