import { describe, expect, it } from 'vitest';
import { activationMail, restoreMail } from '../mail/templates';
import { redactLinks } from './redact-links';

const token = 'Zx9_Qw-8rT5yU2iO4pLk7jHg6fDs3aWe1bNm0vCx1';

describe('redactLinks', () => {
  it('cuts tokens out of request URLs and keeps the rest', () => {
    expect(redactLinks(`/public/activate/user/${token}`)).toBe('/public/activate/user/[redacted]');
    expect(redactLinks(`/restore-password?token=${token}&lang=es`)).toBe(
      '/restore-password?token=[redacted]&lang=es',
    );
    expect(redactLinks(`/api/users/validate/a%40b.dev?companyId=1`)).toBe(
      '/api/users/validate/[redacted]?companyId=1',
    );
    expect(redactLinks('/api/points?page=1&length=25')).toBe('/api/points?page=1&length=25');
  });

  it('leaves no token in either mail, in either language', () => {
    for (const language of ['es', 'en'] as const) {
      const to = { email: 'a@b.dev', name: 'A', language };
      const mails = [
        activationMail(to, `https://aforo.example/activate/user/${token}`, 'Norte'),
        restoreMail(to, `https://aforo.example/restore-password?token=${encodeURIComponent(token)}`),
      ];
      for (const mail of mails) {
        expect(mail.text).toContain(token);
        expect(redactLinks(mail.text)).not.toContain(token);
        expect(redactLinks(mail.text)).toContain('https://aforo.example/');
      }
    }
  });
});
