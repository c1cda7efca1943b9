/**
 * The pre-issue-25 read of GET /api/devices, kept verbatim as the reference the one-statement
 * rewrite (modules/devices/devices.repository.ts) is compared with field for field: the page (with
 * its joins and transmission status) and then its count, two statements. Test-only.
 */
import { aliasedTable, and, asc, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { DeviceListQuery } from '@aforo/contracts/devices';
import { transmissionOf } from '../../alerting/transmission-status.repository';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import {
  companies,
  devices,
  firmwares,
  measurementPoints,
  models,
  networks,
  products,
  users,
} from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';
import { paged } from '../../db/paging';
import type { DeviceRow } from '../../modules/devices/devices.repository';
import { toDevice } from '../../modules/devices/devices.mapper';
import type { RequestContext } from '../../core/request-context';

const orderColumns = {
  serial: devices.serial,
  state: devices.state,
  created_at: devices.createdAt,
  updated_at: devices.updatedAt,
  last_seen_at: devices.lastSeenAt,
} as const;

export function createReferenceDevicesRepository(db: Db) {
  const updater = aliasedTable(users, 'updater');
  const select = (transmission = transmissionOf(devices.id, new Date())) =>
    db
      .select({
        device: devices,
        modelName: models.name,
        productCode: products.code,
        firmwareVersion: firmwares.version,
        networkName: networks.name,
        companyName: companies.businessName,
        pointName: measurementPoints.name,
        updatedByEmail: updater.email,
        transmission,
      })
      .from(devices)
      .leftJoin(models, eq(models.id, devices.modelId))
      .leftJoin(products, eq(products.id, devices.productId))
      .leftJoin(firmwares, eq(firmwares.id, devices.firmwareId))
      .leftJoin(networks, eq(networks.id, devices.networkId))
      .leftJoin(companies, eq(companies.id, devices.companyId))
      .leftJoin(measurementPoints, eq(measurementPoints.id, devices.measurementPointId))
      .leftJoin(updater, eq(updater.id, devices.updatedBy));
  type Joined = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const flatten = ({ device, ...names }: Joined): DeviceRow => ({ ...device, ...names });

  async function list(where: SQL | undefined, query: DeviceListQuery) {
    const term = query.search?.trim();
    const transmission = transmissionOf(devices.id, new Date());
    const all = and(
      where,
      query.showDeleted ? undefined : isNull(devices.deletedAt),
      query.state ? eq(devices.state, query.state) : undefined,
      query.transmission ? eq(transmission, query.transmission) : undefined,
      term ? or(containsText(devices.serial, term), containsText(devices.simNumber, term)) : undefined,
    );
    const column = orderColumns[query.order];
    const base = select(transmission)
      .where(all)
      .orderBy(query.dir === 'ASC' ? asc(column) : desc(column), asc(devices.id));
    const rows = await paged(base.$dynamic(), query);
    const [total] = await db.select({ n: count() }).from(devices).where(all);
    return { rows: rows.map(flatten), total: total?.n ?? 0 };
  }

  return {
    listInCompany: (scope: Scope, query: DeviceListQuery) => list(inCompany(scope, devices.companyId), query),
    /** Provider staff: every device, stock without company included. */
    listAcrossCompanies: (query: DeviceListQuery) => list(undefined, query),
  };
}

/** devices.service.ts `list` as it was (without its assertCan: the compared API call checks it). */
export async function referenceDeviceList(db: Db, ctx: RequestContext, query: DeviceListQuery) {
  const reader = createReferenceDevicesRepository(db);
  const { rows, total } =
    ctx.isGlobal && query.allCompanies
      ? await reader.listAcrossCompanies(query)
      : await reader.listInCompany(ctx, query);
  return { rows: rows.map(toDevice), total };
}
