import type { Language } from '../constants';

/**
 * Field-level validation messages (docs/VALIDATION.md). Placeholders in braces ({min}, {max}) are filled by
 * fieldMessage's third argument.
 */
export const fieldMessages = {
  required: { en: 'This is a required field', es: 'Este campo es obligatorio' },
  blankOrInvalid: { en: 'This is blank or invalid', es: 'Este campo está vacío o no es válido' },
  invalid: { en: 'This is invalid', es: 'Este valor no es válido' },
  invalidJson: { en: 'Invalid JSON format', es: 'Formato JSON no válido' },
  email: { en: 'This is not a valid email address', es: 'No es una dirección de correo electrónico válida' },
  tooShort: { en: 'This must be at least {min} characters long', es: 'Debe tener al menos {min} caracteres' },
  tooLong: {
    en: 'This must be at most {max} characters long',
    es: 'Debe tener como máximo {max} caracteres',
  },
  number: { en: 'This must be a number', es: 'Debe ser un número' },
  integer: { en: 'This must be a whole number', es: 'Debe ser un número entero' },
  min: { en: 'This must be at least {min}', es: 'Debe ser como mínimo {min}' },
  max: { en: 'This must be at most {max}', es: 'Debe ser como máximo {max}' },
  selectRequired: { en: 'Please select an option', es: 'Seleccione una opción' },
  coordinates: { en: 'Enter valid coordinates', es: 'Introduzca unas coordenadas válidas' },
  latitude: { en: 'Latitude must be between -90 and 90', es: 'La latitud debe estar entre -90 y 90' },
  longitude: { en: 'Longitude must be between -180 and 180', es: 'La longitud debe estar entre -180 y 180' },
  transmissionAfterMeasure: {
    en: 'Transmission time must be greater than measure time',
    es: 'El tiempo de transmisión debe ser mayor que el tiempo de medida',
  },
  measuresForAvgMax: {
    en: 'Measures for average must be {max} or less',
    es: 'Las medidas para el promedio deben ser {max} o menos',
  },
  values4And20Differ: {
    en: 'The 4 mA and 20 mA values must be different',
    es: 'Los valores de 4 mA y 20 mA deben ser distintos',
  },
  // ours: a point's warning level above its danger level (the spec's generic "invalid" said nothing)
  warningAboveDanger: {
    en: 'The warning level must be lower than or equal to the danger level',
    es: 'El nivel de aviso debe ser menor o igual que el de peligro',
  },
  passwordsMismatch: { en: 'The passwords do not match', es: 'Las contraseñas no coinciden' },
  notificationAlertTypes: {
    en: 'Choose at least one alert type',
    es: 'Elija al menos un tipo de alerta',
  },
  notificationRecipients: {
    en: 'Choose at least one role or user',
    es: 'Elija al menos un rol o un usuario',
  },
  clientRolesOnly: {
    en: "Choose among the company's own roles",
    es: 'Elija entre los roles de la empresa',
  },
  webhookAddress: {
    en: 'Use a public internet address (not localhost or a private network)',
    es: 'Use una dirección pública de internet (no localhost ni una red privada)',
  },
  dateOrder: {
    en: 'The end date must be after the start date',
    es: 'La fecha de fin debe ser posterior a la fecha de inicio',
  },
  atLeastOnePointOrDevice: {
    en: 'Select at least one measurement point or device',
    es: 'Seleccione al menos un punto de medición o un equipo',
  },
  atLeastOneAlert: { en: 'Select at least one alert', es: 'Seleccione al menos una alerta' },
  atLeastOneRoleOrUser: {
    en: 'Select at least one role or user',
    es: 'Seleccione al menos un rol o un usuario',
  },
  // ours: a company's public dashboard address
  slug: {
    en: 'Use 3 to 60 lower-case letters, digits and single dashes (e.g. my-company)',
    es: 'Use de 3 a 60 letras minúsculas, cifras y guiones simples (p. ej. mi-empresa)',
  },
  // ours: the page length of lists over growing tables (events, measures…), which have an export
  pageLength: {
    en: 'A page holds 1 to 1000 rows; use the export for more',
    es: 'Una página tiene de 1 a 1000 filas; use la exportación para más',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type FieldMessageKey = keyof typeof fieldMessages;

/** A field message in the given language, with {placeholders} replaced from params when given. */
export function fieldMessage(
  key: FieldMessageKey,
  lang: Language,
  params?: Readonly<Record<string, string | number>>,
): string {
  const entry: Record<Language, string> = fieldMessages[key];
  const text = entry[lang] || entry.en;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : match,
  );
}
