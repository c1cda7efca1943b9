/**
 * The demo's alerts in every state of their life (docs/ALERTS.md), on the seeded history:
 *
 * - the replayed past (demo-alert-replay.ts): cleared alerts of the year; those cleared more than
 *   three days ago were acknowledged by the company's operations user with a comment, the recent ones
 *   (and always the two newest) are still "cleared, unacknowledged"; one of them is late (values a logger sent after an outage);
 * - what is silent now, raised by the No Transmission check itself at the seed's now: the
 *   not-operational devices' points (Norte's acknowledged with a comment, Levante's shelved for three
 *   days with a reason), the rain gauge of Cartagena whose modem died (open), and the points whose
 *   device is in maintenance (muted).
 *
 * Everything active here stays true when the simulator starts: silent devices stay silent (the job
 * finds their alerts open and adds none), and the replay left each series' memory on its last value.
 */
import { createLocalBus } from '../events/event-bus';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { refreshPointLevels } from '../alerting/alerting.repository';
import { checkSilence } from '../alerting/silence-job';
import { demoDomain } from './demo';

const p = sql.param;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const day = 86_400_000;

/** Comments of the operators who acknowledged the past alerts, in turn. */
const ackComments = [
  'Revisado en el visor: crecida real tras las lluvias, avisado el servicio de guardia.',
  'Comprobado con la cámara del puente; sin incidencias en la zona.',
  'Lectura anómala del sensor, se programa visita de mantenimiento.',
  'Visto. Valores normales de nuevo en la siguiente lectura.',
];

export interface DemoAlertsSummary {
  acknowledged: number;
  silent: number;
}

export async function seedDemoAlerts(db: Db, now: Date): Promise<DemoAlertsSummary> {
  // the job's own code, so the seeded silence is exactly what the first run would raise
  const silence = await checkSilence(db, createLocalBus(), now);
  return db.transaction(async (tx) => {
    const user = async (email: string) =>
      rowsOf<{ id: string }>(await tx.execute(sql`select id::text from users where email = ${p(email)}`))[0]!
        .id;
    const operators = {
      norte: await user(`chief-cliente.norte@${demoDomain}`),
      levante: await user(`chief-cliente.levante@${demoDomain}`),
    };
    const companyOf = async (key: 'norte' | 'levante') =>
      rowsOf<{ company_id: string }>(
        await tx.execute(sql`
          select u.default_company_id::text as company_id from users u where u.id = ${p(operators[key])}::uuid`),
      )[0]!.company_id;
    let acknowledged = 0;
    for (const key of ['norte', 'levante'] as const) {
      const companyId = await companyOf(key);
      // the past, acknowledged 20 to 80 minutes after it opened; the last three days wait for someone,
      // and so do the two newest cleared ones whatever their age (a quiet month still shows the state)
      const acked = await tx.execute(sql`
        with newest as (
          select id from alerts where company_id = ${p(companyId)}::uuid and cleared_at is not null
          order by cleared_at desc limit 2
        ), past as (
          select id, row_number() over (order by opened_at) as n from alerts
          where company_id = ${p(companyId)}::uuid and cleared_at < ${p(new Date(now.getTime() - 3 * day).toISOString())}::timestamptz
            and id not in (select id from newest)
        )
        update alerts a set acknowledged_by = ${p(operators[key])}::uuid,
          acknowledged_at = least(a.opened_at + (20 + (past.n % 4) * 20) * interval '1 minute',
            ${p(now.toISOString())}::timestamptz),
          acknowledge_comment = (${p(ackComments)}::text[])[1 + past.n % ${p(ackComments.length)}],
          updated_at = ${p(now.toISOString())}::timestamptz
        from past where a.id = past.id
        returning a.id`);
      acknowledged += rowsOf(acked).length;
    }
    // one late alert: the newest cleared, unacknowledged one, as if its values had come from a
    // logger's store after a modem outage (recorded, never notified as news)
    await tx.execute(sql`
      update alerts set late = true where id = (
        select id from alerts where cleared_at is not null and acknowledged_at is null
        order by opened_at desc limit 1)`);
    const notOperational = (key: 'norte' | 'levante') => sql`
      select a.id from alerts a join devices d on d.measurement_point_id = a.point_id
      where a.type = 'NO_TRANSMISSION' and a.cleared_at is null and d.state = 'Not Operational'
        and a.company_id = (select default_company_id from users where id = ${p(operators[key])}::uuid)`;
    await tx.execute(sql`
      update alerts set acknowledged_by = ${p(operators.norte)}::uuid,
        acknowledged_at = opened_at + interval '35 minutes',
        acknowledge_comment = 'Equipo sin respuesta tras el fallo del sensor; técnico avisado para revisarlo.'
      where id in (${notOperational('norte')})`);
    await tx.execute(sql`
      update alerts set shelved_by = ${p(operators.levante)}::uuid,
        shelved_until = ${p(new Date(now.getTime() + 3 * day).toISOString())}::timestamptz,
        shelve_reason = 'Obras en el puente: equipo desmontado hasta la semana que viene.'
      where id in (${notOperational('levante')})`);
    // each series' colour: its worst active alert
    const points = rowsOf<{ id: string }>(
      await tx.execute(sql`select distinct point_id::text as id from alerts where cleared_at is null`),
    );
    await refreshPointLevels(
      tx,
      points.map((r) => r.id),
    );
    return { acknowledged, silent: silence.opened };
  });
}
