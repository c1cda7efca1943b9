/**
 * The transmission status of installed devices (docs/REPORTS.md "Installed-device transmission
 * status"), defined once for the overview's devices out of service and the devices list, so their
 * counts always agree: a device watched at its point (silence.repository.ts) is out of service once
 * the point's No Transmission deadline has passed, "under 24 h" while that was less than 24 hours
 * ago. Points in test are left out (no status): they are not expected to transmit.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DeviceTransmission } from '@aforo/contracts/devices';
import { watched } from './silence.repository';

const day = 24 * 3_600_000;

/**
 * Every device watched at a live point not in test, with its status at `now`, as a subquery body:
 * device_id, point_id, company_id (the point's), status (a DeviceTransmission).
 */
export function transmissionStatuses(now: Date): SQL {
  const at = sql.param(now.toISOString());
  const dayBefore = sql.param(new Date(now.getTime() - day).toISOString());
  return sql`
    select w.device_id, w.point_id, w.company_id,
      case when w.deadline > ${at}::timestamptz then 'in_service'
        when w.deadline > ${dayBefore}::timestamptz then 'out_of_service_under_24h'
        else 'out_of_service_over_24h' end as status
    from (${watched}) w where not w.test`;
}

/** The status of the device whose id is `deviceId` (a column of the outer query), null when not watched. */
export function transmissionOf(deviceId: PgColumn | SQL, now: Date): SQL<DeviceTransmission | null> {
  return sql<DeviceTransmission | null>`(select t.status from (${transmissionStatuses(now)}) t
    where t.device_id = ${deviceId})`;
}
