/** SQL of the live stream: the latest values of some points, with their company. */
import { sql } from 'drizzle-orm';
import { isStorableValue } from '@aforo/contracts/device-protocol';
import type { Db } from '../db/client';

export interface LatestRow {
  companyId: string;
  pointId: string;
  port: string;
  ts: Date;
  interpreted: number | null;
  flag: number;
  alertLevel: string;
}

/** Latest values of the live points among `pointIds` that belong to one of `companyIds` ('all': any company). */
export async function latestOfPoints(
  db: Db,
  pointIds: string[],
  companyIds: string[] | 'all',
): Promise<LatestRow[]> {
  if (pointIds.length === 0 || (companyIds !== 'all' && companyIds.length === 0)) return [];
  const inCompanies =
    companyIds === 'all' ? sql`true` : sql`p.company_id = any(${sql.param(companyIds)}::uuid[])`;
  const result = await db.execute(sql`
    select p.company_id::text as company_id, sl.point_id::text as point_id, sl.port, sl.ts,
      sl.interpreted, sl.flag, sl.alert_level
    from series_latest sl join measurement_points p on p.id = sl.point_id and p.deleted_at is null
    where sl.point_id = any(${sql.param(pointIds)}::uuid[]) and ${inCompanies}`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((r) => ({
    companyId: r.company_id as string,
    pointId: r.point_id as string,
    port: r.port as string,
    ts: new Date(r.ts as string | Date),
    // values beyond the stored bound read as null, like every other read (issue 9)
    interpreted: isStorableValue(r.interpreted as number | null) ? (r.interpreted as number) : null,
    flag: Number(r.flag),
    alertLevel: r.alert_level as string,
  }));
}
