/**
 * The label of a changed field: the item's own screen names most fields (a point's form, a device's
 * sheet), the history names the rest; a field no text names shows as it is recorded.
 */

/** Screens whose field labels the history reuses, with the recorded names they call otherwise. */
const screenFields: Record<string, { prefix: string; aliases?: Record<string, string> }> = {
  point: { prefix: 'points.fields' },
  device: {
    prefix: 'devices.fields',
    aliases: {
      modelId: 'model',
      productId: 'product',
      firmwareId: 'firmware',
      networkId: 'network',
      companyId: 'company',
      measurementPointId: 'point',
    },
  },
  layer: { prefix: 'layers.fields', aliases: { pointIds: 'points' } },
  notification_config: {
    prefix: 'notifications.fields',
    aliases: {
      userIds: 'users',
      escalationUserIds: 'escalationUsers',
      escalationAfterMinutes: 'escalationAfter',
      pointIds: 'points',
      layerIds: 'layers',
    },
  },
};

/** The i18n keys that may name `field` of an item of `entityType`, the first that exists wins. */
export function fieldLabelKeys(entityType: string, field: string): string[] {
  const screen = screenFields[entityType];
  return [
    `history.fieldsOf.${entityType}.${field}`,
    ...(screen ? [`${screen.prefix}.${screen.aliases?.[field] ?? field}`] : []),
    `history.fields.${field}`,
  ];
}

/** A field's label, given a test of which keys exist and a translation. */
export function fieldLabel(
  entityType: string,
  field: string,
  exists: (key: string) => boolean,
  translate: (key: string) => string,
): string {
  const key = fieldLabelKeys(entityType, field).find(exists);
  return key ? translate(key) : field;
}
