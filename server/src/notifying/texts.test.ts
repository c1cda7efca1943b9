import { describe, expect, it } from 'vitest';
import { alertText, digestText, incidentText, notificationMail, type AlertForText } from './texts';

const alert: AlertForText = {
  type: 'DANGER',
  pointName: 'Ebro en Zaragoza',
  port: 'ai1',
  unit: 'm',
  openedAt: new Date('2026-03-01T14:05:00Z'),
  openedValue: 3.887,
  clearedAt: new Date('2026-03-01T16:30:00Z'),
  clearedValue: 0.9596874999999999,
};

describe('notification texts: numbers and times in the recipient language', () => {
  it('an alert opened at 3.887 m reads 3,887 m in Spanish, 24-hour clock', () => {
    expect(alertText('firing', alert, 'es', 'Europe/Madrid')).toEqual({
      title: 'Alerta: Peligro · Ebro en Zaragoza',
      body: 'Peligro en Ebro en Zaragoza (ai1) desde 1/3/26, 15:05 3,887 m.',
    });
  });

  it('an alert opened at 3.887 m reads 3.887 m in English', () => {
    expect(alertText('firing', alert, 'en', 'Europe/Madrid')).toEqual({
      title: 'Alert: Danger · Ebro en Zaragoza',
      body: 'Danger at Ebro en Zaragoza (ai1) since 01/03/2026, 15:05 3.887 m.',
    });
  });

  it('a resolved alert writes both values at three decimals at most, never float noise', () => {
    expect(alertText('resolved', alert, 'es', 'Europe/Madrid').body).toBe(
      'Peligro en Ebro en Zaragoza (ai1) finalizada 1/3/26, 17:30 0,96 m (abierta 1/3/26, 15:05 3,887 m).',
    );
    expect(alertText('resolved', alert, 'en', 'Europe/Madrid').body).toBe(
      'Danger at Ebro en Zaragoza (ai1) cleared 01/03/2026, 17:30 0.96 m (opened 01/03/2026, 15:05 3.887 m).',
    );
  });

  it('writes afternoon times on the 24-hour clock in Spanish', () => {
    const late = { ...alert, openedAt: new Date('2026-07-10T21:45:00Z'), openedValue: -12345.678 };
    expect(alertText('firing', late, 'es', 'Europe/Madrid').body).toBe(
      'Peligro en Ebro en Zaragoza (ai1) desde 10/7/26, 23:45 -12.345,678 m.',
    );
    expect(alertText('firing', late, 'en', 'Europe/Madrid').body).toBe(
      'Danger at Ebro en Zaragoza (ai1) since 10/07/2026, 23:45 -12,345.678 m.',
    );
  });

  it('writes no value when the alert has none', () => {
    const none = { ...alert, type: 'NO_TRANSMISSION' as const, port: null, openedValue: null };
    expect(alertText('firing', none, 'es', 'Europe/Madrid').body).toBe(
      'Sin transmisión en Ebro en Zaragoza desde 1/3/26, 15:05.',
    );
  });

  it('writes the escalation minutes in the language', () => {
    expect(alertText('escalation', alert, 'en', 'Europe/Madrid', 1440).body).toBe(
      'Danger at Ebro en Zaragoza (ai1) is still unacknowledged after 1,440 minutes (opened 01/03/2026, 15:05 3.887 m).',
    );
    expect(alertText('escalation', alert, 'es', 'Europe/Madrid', 30).body).toBe(
      'Peligro en Ebro en Zaragoza (ai1) sigue sin reconocer tras 30 minutos (abierta 1/3/26, 15:05 3,887 m).',
    );
  });

  it('counts the digest and the incident in the language', () => {
    const held = Array.from({ length: 1234 }, (_, i) => ({ title: `n${i}` }));
    expect(digestText(held, 'en').title).toBe('1,234 notifications during your quiet hours');
    expect(digestText(held, 'en').body.endsWith('… and 1,184 more')).toBe(true);
    expect(digestText(held, 'es').title).toBe('1234 notificaciones durante sus horas de silencio');
    expect(digestText([{ title: 'x' }], 'es').title).toBe('1 notificación durante sus horas de silencio');
    const incident = {
      kind: 'mass_silence' as const,
      companyName: 'Norte',
      silentPoints: 1200,
      watchedPoints: 12000,
      startedAt: new Date('2026-03-01T10:00:00Z'),
      endedAt: null,
    };
    expect(incidentText('start', incident, 'en', 'UTC').body).toContain('1,200 of 12,000 points silent');
    expect(incidentText('start', incident, 'es', 'UTC').body).toContain(
      '1200 de 12.000 puntos sin transmitir, desde 1/3/26, 10:00',
    );
  });

  it('carries the Spanish numbers into the e-mail', () => {
    const mail = notificationMail(
      { email: 'ana@example.com', name: 'Ana' },
      alertText('firing', alert, 'es', 'Europe/Madrid'),
      'es',
    );
    expect(mail.subject).toBe('Aforo · Alerta: Peligro · Ebro en Zaragoza');
    expect(mail.text).toContain('3,887 m');
  });
});
