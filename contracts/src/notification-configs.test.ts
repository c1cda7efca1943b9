import { describe, expect, it } from 'vitest';
import { notificationConfigInputSchema, webhookUrlSchema } from './notification-configs';

describe('notification config input', () => {
  it('webhook URLs: http(s) without credentials; a malformed one is an issue, never a throw', () => {
    expect(webhookUrlSchema.safeParse('https://hooks.example.org/aforo?x=1').success).toBe(true);
    for (const bad of ['not a url', 'ftp://example.org/x', 'https://user:pw@example.org/x', 'https://'])
      expect(() => webhookUrlSchema.safeParse(bad)).not.toThrow();
    for (const bad of ['not a url', 'ftp://example.org/x', 'https://user:pw@example.org/x'])
      expect(webhookUrlSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('docs/VALIDATION.md: an alert type and a role or user, named by their field messages', () => {
    const result = notificationConfigInputSchema.safeParse({
      name: 'x',
      alertTypes: [],
      roles: [],
      userIds: [],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['alertTypes', 'notificationAlertTypes'],
      ['roles', 'notificationRecipients'],
    ]);
    const escalation = notificationConfigInputSchema.safeParse({
      name: 'x',
      alertTypes: ['DANGER'],
      roles: ['ROLE_USER'],
      escalation: { afterMinutes: 30 },
    });
    expect(escalation.error!.issues.map((i) => i.path.join('.'))).toEqual(['escalation.roles']);
  });
});
