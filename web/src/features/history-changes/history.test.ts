import { describe, expect, it } from 'vitest';
import { alertTypes } from '@aforo/contracts/alert-types';
import { deviceStates } from '@aforo/contracts/device-states';
import { entityTypes, logActions } from '@aforo/contracts/log-entries';
import { userStates } from '@aforo/contracts/users';
import { resources } from '../../locales';
import { changedParts, describeValue } from './change-values';
import type { ValueLabels } from './change-values';
import { fieldLabel, fieldLabelKeys } from './field-labels';
import { dayToIso, historyQueryParams } from './history-filters';
import { valueCodeKey } from './value-codes';

const labels: ValueLabels = {
  role: (role) => `«${role}»`,
  company: (id) => (id === 'c-1' ? 'Canal del Norte S.A.' : null),
  name: (id) => ({ 'p-1': 'Azud de Norte', 'c-2': 'Aguas de Levante S.L.' })[id] ?? null,
  global: 'Global profile',
  yes: 'Yes',
  no: 'No',
  dateTime: (iso) => `at ${iso}`,
  number: (value) => `#${value}`,
  fieldValue: (field, value) => (field === 'state' && value === 'Created' ? 'Created (translated)' : null),
  fieldKey: (field, key) => (field === 'parameters' && key === 'active' ? 'Active' : null),
};

describe('history filters', () => {
  it("turns the days of the URL into the start and the end of those days in the company's zone", () => {
    expect(dayToIso('2026-03-01', 'start', 'America/New_York')).toBe('2026-03-01T05:00:00.000Z');
    expect(dayToIso('2026-03-01', 'end', 'America/New_York')).toBe('2026-03-02T04:59:59.999Z');
    expect(dayToIso('2026-07-01', 'start', 'Europe/Madrid')).toBe('2026-06-30T22:00:00.000Z');
    expect(dayToIso('yesterday', 'start', 'Europe/Madrid')).toBeUndefined();
  });

  it('sends page, dir and the filters that are set', () => {
    const params = historyQueryParams(
      {
        page: 2,
        length: 25,
        order: 'at',
        dir: 'ASC',
        search: '',
        filters: { entityType: 'user', entityId: ' 42 ', from: '2026-03-01' },
      },
      'Europe/Madrid',
    );
    expect(params).toEqual({
      page: 2,
      length: 25,
      order: 'at',
      dir: 'ASC',
      entityType: 'user',
      entityId: '42',
      userId: undefined,
      from: '2026-02-28T23:00:00.000Z',
      to: undefined,
    });
  });
});

describe('describeValue', () => {
  it('shows empty values as a dash and lists on one line', () => {
    expect(describeValue(null, labels)).toEqual(['—']);
    expect(describeValue('', labels)).toEqual(['—']);
    expect(describeValue([], labels)).toEqual(['—']);
    expect(describeValue(['ROLE_USER', 'ROLE_SPECTATOR'], labels)).toEqual(['«ROLE_USER», «ROLE_SPECTATOR»']);
    expect(describeValue(true, labels)).toEqual(['Yes']);
    expect(describeValue('Created', labels, 'state')).toEqual(['Created (translated)']);
    expect(describeValue('Created', labels, 'name')).toEqual(['Created']);
    expect(describeValue('2026-03-01T10:00:00.000Z', labels, 'lastSeenAt')).toEqual([
      'at 2026-03-01T10:00:00.000Z',
    ]);
  });

  it('names companies and the global profile in a profiles value', () => {
    expect(
      describeValue({ 'c-1': ['ROLE_ADMIN_CLIENTE'], global: ['ROLE_ADMIN'], other: [] }, labels),
    ).toEqual(['Canal del Norte S.A.: «ROLE_ADMIN_CLIENTE»', 'Global profile: «ROLE_ADMIN»', 'other: —']);
    expect(describeValue({ 'c-2': ['ROLE_USER'] }, labels)).toEqual(['Aguas de Levante S.L.: «ROLE_USER»']);
  });

  it('keeps of two objects only the keys that changed, an absent key reading as empty', () => {
    const before = { ai1: { label: 'Río', operation_mode: 'level' }, ai2: { label: 'Lluvia' } };
    const after = {
      ai1: { label: 'Río', operation_mode: 'level', active: true, alert_upper: null },
      ai2: { label: 'Lluvia' },
    };
    const [b, a] = changedParts(before, after);
    expect([b, a]).toEqual([{ ai1: { active: null } }, { ai1: { active: true } }]);
    expect(describeValue(a, labels, 'parameters')).toEqual(['ai1: Active: Yes']);
    expect(changedParts({ x: null }, {})).toEqual([{}, {}]);
    expect(changedParts([1], [2])).toEqual([[1], [2]]);
  });

  it('shows ids by the names the server read, numbers through the formatter', () => {
    expect(describeValue(['p-1', 'p-9'], labels, 'pointIds')).toEqual(['Azud de Norte, p-9']);
    expect(describeValue('p-1', labels, 'pointId')).toEqual(['Azud de Norte']);
    expect(describeValue(1.25, labels, 'value')).toEqual(['#1.25']);
  });
});

describe('field labels and coded values', () => {
  it('reads a field from the item’s own screen first, then the history’s, else as recorded', () => {
    expect(fieldLabelKeys('device', 'modelId')).toEqual([
      'history.fieldsOf.device.modelId',
      'devices.fields.model',
      'history.fields.modelId',
    ]);
    const known = new Set(['history.fields.type', 'history.fieldsOf.alert.type']);
    const exists = (key: string) => known.has(key);
    expect(fieldLabel('alert', 'type', exists, (k) => `[${k}]`)).toBe('[history.fieldsOf.alert.type]');
    expect(fieldLabel('network', 'type', exists, (k) => `[${k}]`)).toBe('[history.fields.type]');
    expect(fieldLabel('network', 'mystery', exists, (k) => `[${k}]`)).toBe('mystery');
  });

  it('names the codes an item holds by item and field', () => {
    expect(valueCodeKey('alert', 'type', 'PARTIAL_FLAT')).toBe('alerts.types.PARTIAL_FLAT');
    expect(valueCodeKey('network', 'type', 'NB-IoT')).toBeNull();
    expect(valueCodeKey('device', 'state', 'Not Operational')).toBe('devices.states.notOperational');
    expect(valueCodeKey('user', 'state', 'Dissabled')).toBe('accounts.users.states.disabled');
    expect(valueCodeKey('user', 'state', 'Change Password')).toBe('accounts.users.states.changePassword');
    expect(valueCodeKey('incident', 'kind', 'mass_silence')).toBe(
      'history.values.incidentKinds.mass_silence',
    );
    expect(valueCodeKey('notification_config', 'alertTypes', 'OUT_OF_RANGE')).toBe(
      'alerts.types.OUT_OF_RANGE',
    );
  });
});

/** Every field the server's history mappers record, by item (server/src/modules/x/x.mapper.ts). */
const recordedFields: Record<string, string[]> = {
  user: ['email', 'name', 'surname', 'phone', 'language', 'state', 'deletedAt', 'profiles'],
  company: [
    ...['businessName', 'slug', 'contactName', 'position', 'email', 'phone', 'countryId'],
    ...['billingPlanId', 'preferredTimezone', 'measureRetentionMonths', 'deletedAt'],
  ],
  country: ['name', 'code'],
  billing_plan: ['name', 'monthlyApiCalls', 'maxPoints', 'maxUsers'],
  brand: ['abbreviation', 'description'],
  model: ['brandId', 'name', 'ports'],
  product: ['code', 'name', 'modelIds'],
  firmware: ['modelId', 'version'],
  network: ['name', 'type'],
  device: [
    ...['serial', 'manufactured', 'modelId', 'productId', 'firmwareId', 'simNumber', 'networkId'],
    ...['companyId', 'measurementPointId', 'batteryQuantity', 'batteryMaxLoad', 'technicalNotes'],
    ...['serialExternalSensor', 'state', 'location', 'deletedAt'],
  ],
  component_type: ['name', 'companyId', 'magnitude', 'measureType', 'dynamicFields', 'enabled'],
  component: ['typeId', 'serial', 'values', 'state', 'deviceId', 'pointId'],
  point: [
    ...['companyId', 'name', 'address', 'latitude', 'longitude', 'kind', 'groundLevel', 'invertLevel'],
    ...['measureTime', 'transmissionTime', 'measuresForAvg', 'alertValue', 'warningValue'],
    ...['alertOnDelay', 'alertOffDelay', 'alertDeadband', 'levelDifference', 'value4mA', 'value20mA'],
    ...['unit', 'test', 'alertFlat', 'defaultAmountMeasuresFlat', 'defaultAmountGapMeasureExceed'],
    ...['public', 'parameters', 'deletedAt'],
  ],
  layer: ['companyId', 'name', 'colour', 'viewable', 'pointIds'],
  // the engine's (type, value, at, late) and the operators' (state, comment, shelving)
  alert: ['type', 'value', 'at', 'late', 'state', 'acknowledgeComment', 'shelvedUntil', 'shelveReason'],
  incident: ['kind', 'silent', 'watched', 'recent', 'companyId'],
  notification_config: [
    ...['name', 'enabled', 'alertTypes', 'roles', 'userIds', 'email', 'webhookUrl', 'notifyResolved'],
    ...['escalationAfterMinutes', 'escalationRoles', 'escalationUserIds', 'pointIds', 'layerIds'],
    ...['description'],
  ],
};

describe('history texts', () => {
  it('names every recorded action and item type in Spanish and English', () => {
    for (const language of ['es', 'en'] as const) {
      const history = resources[language].translation.history as {
        actions: Record<string, string>;
        entityTypes: Record<string, string>;
      };
      expect(
        logActions.filter((action) => !history.actions[action]),
        language,
      ).toEqual([]);
      expect(
        entityTypes.filter((type) => !history.entityTypes[type]),
        language,
      ).toEqual([]);
    }
  });

  it('labels every recorded field of every item in Spanish and English', () => {
    for (const language of ['es', 'en'] as const) {
      const exists = (key: string) => lookUp(resources[language].translation, key) !== undefined;
      const missing = Object.entries(recordedFields).flatMap(([type, fields]) =>
        fields
          .filter((field) => !fieldLabelKeys(type, field).some(exists))
          .map((field) => `${type}.${field}`),
      );
      expect(missing, language).toEqual([]);
    }
  });

  it('names every alert type, incident kind and state the history shows', () => {
    const codes: Array<[string, string, readonly string[]]> = [
      ['alert', 'type', alertTypes],
      ['incident', 'kind', ['ingestion_silent', 'mass_silence']],
      ['user', 'state', [...userStates, 'Dissabled']],
      ['device', 'state', deviceStates],
    ];
    for (const language of ['es', 'en'] as const) {
      const missing = codes.flatMap(([type, field, values]) =>
        values.filter(
          (v) => typeof lookUp(resources[language].translation, valueCodeKey(type, field, v)!) !== 'string',
        ),
      );
      expect(missing, language).toEqual([]);
    }
  });
});

/** The value at a dotted key of a locale's texts. */
function lookUp(texts: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
}
