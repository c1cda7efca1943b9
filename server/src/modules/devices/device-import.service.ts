/**
 * Bulk import of devices from a CSV: every row is checked and reported with its reasons; nothing is
 * written unless every row is valid (and never on a dry run).
 */
import type { DeviceImport, DeviceImportResult, DeviceInputParsed } from '@aforo/contracts/devices';
import { deviceInputSchema } from '@aforo/contracts/devices';
import { errorMessage, fieldMessage } from '@aforo/contracts/errors';
import { assertCan } from '../../core/access';
import { ValidationError } from '../../core/errors';
import { type RequestContext, actorId } from '../../core/request-context';
import { CsvSyntaxError, parseCsv, type CsvRecord } from '../../lib/csv';
import { recordChange } from '../../core/history';
import { createDeviceImportRepository, type ImportIndex } from './device-import.repository';
import { deviceHistory } from './devices.mapper';
import { createDevicesRepository } from './devices.repository';
import type { Deps } from '../../deps';

export const importColumns = [
  'serial',
  'model',
  'product',
  'firmware',
  'network',
  'company',
  'sim',
  'manufactured',
  'location',
] as const;
type Column = (typeof importColumns)[number];
const maxRows = 5000;

type Problem = DeviceImportResult['errors'][number];
interface Planned {
  input: DeviceInputParsed;
  companyId: string | null;
}

/** One row → the device to create, or the reasons it cannot be. */
function checkRow(
  ctx: RequestContext,
  index: ImportIndex,
  cells: Record<Column, string>,
  line: number,
  seen: { serials: Set<string>; sims: Set<string> },
) {
  const problems: Problem[] = [];
  const serial = cells.serial || null;
  const fail = (field: string, message: string) => problems.push({ line, serial, field, message });
  const model = index.models.get(cells.model.toLowerCase());
  const product = index.products.get(cells.product.toUpperCase());
  if (!cells.model) fail('model', fieldMessage('required', ctx.lang));
  else if (!model) fail('model', errorMessage('MO1000', ctx.lang));
  if (!cells.product) fail('product', fieldMessage('required', ctx.lang));
  else if (!product) fail('product', errorMessage('PR1000', ctx.lang));
  if (model && product) {
    const allowed = index.allowedModels(product.id);
    if (allowed.length > 0 && !allowed.includes(model.id)) fail('model', fieldMessage('invalid', ctx.lang));
  }
  const firmware = model && cells.firmware ? index.firmwares.get(`${model.id}|${cells.firmware}`) : undefined;
  if (cells.firmware && model && !firmware) fail('firmware', errorMessage('FM1001', ctx.lang));
  const network = cells.network ? index.networks.get(cells.network.toLowerCase()) : undefined;
  if (cells.network && !network) fail('network', errorMessage('NE1000', ctx.lang));
  const company = cells.company ? index.companies.get(cells.company.toLowerCase()) : undefined;
  if (cells.company && !company) fail('company', errorMessage('CO1000', ctx.lang));

  const parsed = deviceInputSchema.safeParse({
    serial: cells.serial,
    manufactured: cells.manufactured || null,
    modelId: model?.id ?? '00000000-0000-4000-8000-000000000000',
    productId: product?.id ?? '00000000-0000-4000-8000-000000000000',
    firmwareId: firmware?.id ?? null,
    networkId: network?.id ?? null,
    simNumber: cells.sim || null,
    location: cells.location || 'Store',
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      fail(
        field === 'simNumber' ? 'sim' : field,
        fieldMessage(cells[field as Column] ? 'invalid' : 'required', ctx.lang),
      );
    }
  }
  const serialKey = cells.serial.toLowerCase();
  if (serialKey && (index.serials.has(serialKey) || seen.serials.has(serialKey)))
    fail('serial', errorMessage('SEQ1001', ctx.lang));
  if (cells.sim && (index.sims.has(cells.sim) || seen.sims.has(cells.sim)))
    fail('sim', errorMessage('EQ1001', ctx.lang));
  seen.serials.add(serialKey);
  if (cells.sim) seen.sims.add(cells.sim);
  return {
    problems,
    planned:
      parsed.success && problems.length === 0
        ? { input: parsed.data, companyId: company?.id ?? null }
        : undefined,
  };
}

export function createDeviceImportService({ db, transact }: Deps) {
  return {
    async run(ctx: RequestContext, body: DeviceImport): Promise<DeviceImportResult> {
      assertCan(ctx, 'devices.operate');
      let records: CsvRecord[];
      try {
        records = parseCsv(body.csv);
      } catch (error) {
        if (!(error instanceof CsvSyntaxError)) throw error;
        // a quote left open: the report names the line, as it does a bad row
        const unreadable = {
          line: error.line,
          serial: null,
          field: 'csv',
          message: fieldMessage('invalid', ctx.lang),
        };
        return { valid: false, imported: 0, total: 0, errors: [unreadable] };
      }
      const [header, ...rows] = records;
      const columns = (header?.fields ?? []).map((h) => h.trim().toLowerCase());
      const missing = ['serial', 'model', 'product'].filter((c) => !columns.includes(c));
      if (missing.length > 0)
        throw new ValidationError({ csv: `${fieldMessage('required', ctx.lang)}: ${missing.join(', ')}` });
      if (rows.length === 0 || rows.length > maxRows)
        throw new ValidationError({ csv: fieldMessage('invalid', ctx.lang) });

      const index = await createDeviceImportRepository(db).index();
      const seen = { serials: new Set<string>(), sims: new Set<string>() };
      const errors: Problem[] = [];
      const planned: Planned[] = [];
      rows.forEach(({ fields, line }) => {
        const cells = Object.fromEntries(
          importColumns.map((c) => [c, (fields[columns.indexOf(c)] ?? '').trim()]),
        ) as Record<Column, string>;
        const checked = checkRow(ctx, index, cells, line, seen);
        errors.push(...checked.problems);
        if (checked.planned) planned.push(checked.planned);
      });
      const valid = errors.length === 0;
      if (!valid || body.dryRun) return { valid, imported: 0, total: rows.length, errors };

      await transact(async (tx) => {
        const repo = createDevicesRepository(tx);
        for (const { input, companyId } of planned) {
          // with a company the device is assigned straight away (Inactive, in store); otherwise it enters the stock
          const state = companyId ? 'Inactive' : 'Available';
          const id = await repo.insert({ ...input, companyId, state, updatedBy: actorId(ctx) });
          await repo.recordState({
            deviceId: id,
            fromState: null,
            toState: state,
            byUserId: actorId(ctx),
            pointId: null,
            reason: 'import',
          });
          const after = (await repo.findAcrossCompanies(id))!;
          await recordChange(tx, ctx, {
            entityType: 'device',
            entityId: id,
            action: 'import',
            companyId,
            before: null,
            after: deviceHistory(after),
          });
        }
      });
      return { valid, imported: planned.length, total: rows.length, errors };
    },
  };
}
export type DeviceImportService = ReturnType<typeof createDeviceImportService>;
