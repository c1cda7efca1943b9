/** Errors of the device catalogue: brands, firmwares, models, operation modes, products, networks, components. */
import type { ErrorEntry } from './entry';

export const catalogueErrors = {
  // ── Brands ─────────────────────────────────────────────────────────────────────────────────────
  B1000: { status: 404, en: 'The brand was not found.', es: 'No se encontró la marca.' },
  B1001: {
    status: 409,
    en: 'A brand with this name already exists.',
    es: 'Ya existe una marca con este nombre.',
  },
  B1002: {
    status: 409,
    en: 'The brand cannot be deleted because it has models.',
    es: 'No se puede eliminar la marca porque tiene modelos asociados.',
  },
  B1003: {
    status: 409,
    en: 'A brand with this abbreviation already exists.',
    es: 'Ya existe una marca con esta abreviatura.',
  },
  B1004: { status: 400, en: 'The brand data is invalid.', es: 'Los datos de la marca no son válidos.' },
  B1005: { status: 409, en: 'The brand is already deleted.', es: 'La marca ya está eliminada.' },
  B1006: { status: 409, en: 'The brand could not be restored.', es: 'No se pudo restaurar la marca.' },

  // ── Firmwares ──────────────────────────────────────────────────────────────────────────────────
  FM1001: { status: 404, en: 'The firmware was not found.', es: 'No se encontró el firmware.' },
  FM1002: {
    status: 409,
    en: 'A firmware with this version already exists.',
    es: 'Ya existe un firmware con esta versión.',
  },
  FM1003: {
    status: 409,
    en: 'The firmware cannot be deleted because it has models.',
    es: 'No se puede eliminar el firmware porque tiene modelos asociados.',
  },
  FM1004: {
    status: 400,
    en: 'The firmware version is invalid.',
    es: 'La versión del firmware no es válida.',
  },
  FM1005: {
    status: 409,
    en: 'The firmware cannot be deleted because it is used by devices.',
    es: 'No se puede eliminar el firmware porque hay equipos que lo utilizan.',
  },
  FM1006: { status: 409, en: 'The firmware could not be restored.', es: 'No se pudo restaurar el firmware.' },

  // ── Models ─────────────────────────────────────────────────────────────────────────────────────
  MO1000: { status: 404, en: 'The model was not found.', es: 'No se encontró el modelo.' },
  MO1001: {
    status: 409,
    en: 'A model with this name already exists for the brand.',
    es: 'Ya existe un modelo con este nombre para la marca.',
  },
  MO1002: {
    status: 409,
    en: 'The model cannot be deleted because it has devices.',
    es: 'No se puede eliminar el modelo porque tiene equipos asociados.',
  },
  MO1003: { status: 409, en: 'The model could not be restored.', es: 'No se pudo restaurar el modelo.' },

  // ── Operation modes ────────────────────────────────────────────────────────────────────────────
  OM1000: {
    status: 404,
    en: 'The operation mode was not found.',
    es: 'No se encontró el modo de operación.',
  },
  OM1001: {
    status: 409,
    en: 'An operation mode with this name already exists.',
    es: 'Ya existe un modo de operación con este nombre.',
  },
  OM1002: {
    status: 409,
    en: 'The operation mode cannot be deleted because it is in use.',
    es: 'No se puede eliminar el modo de operación porque está en uso.',
  },
  OM1003: {
    status: 400,
    en: 'The operation mode is not valid for the port type.',
    es: 'El modo de operación no es válido para el tipo de puerto.',
  },
  OM1004: {
    status: 400,
    en: 'The status pulse mode requires labels for state zero and state one.',
    es: 'El modo de pulso de estado requiere etiquetas para el estado cero y el estado uno.',
  },
  OM1005: {
    status: 400,
    en: 'The state zero and state one labels must be different.',
    es: 'Las etiquetas del estado cero y del estado uno deben ser distintas.',
  },
  OM1006: {
    status: 400,
    en: 'The pulse value must be greater than zero.',
    es: 'El valor del pulso debe ser mayor que cero.',
  },
  OM1007: {
    status: 400,
    en: 'The pulse factor must be greater than zero.',
    es: 'El factor de pulso debe ser mayor que cero.',
  },
  OM1008: {
    status: 400,
    en: 'The fluid density must be greater than zero.',
    es: 'La densidad del fluido debe ser mayor que cero.',
  },
  OM1009: { status: 400, en: 'The fluid type is invalid.', es: 'El tipo de fluido no es válido.' },
  OM1010: {
    status: 400,
    en: 'The calculated value unit is not valid for the operation mode.',
    es: 'La unidad del valor calculado no es válida para el modo de operación.',
  },
  OM1011: {
    status: 409,
    en: 'The port label is already used on this device.',
    es: 'La etiqueta del puerto ya se utiliza en este equipo.',
  },
  OM1012: {
    status: 409,
    en: 'The operation mode cannot be changed while the device is active.',
    es: 'No se puede cambiar el modo de operación mientras el equipo está activo.',
  },

  // ── Products ───────────────────────────────────────────────────────────────────────────────────
  PR1000: { status: 404, en: 'The product was not found.', es: 'No se encontró el producto.' },
  PR1001: {
    status: 409,
    en: 'A product with this code already exists.',
    es: 'Ya existe un producto con este código.',
  },
  PR1002: {
    status: 409,
    en: 'The product cannot be deleted because it has devices.',
    es: 'No se puede eliminar el producto porque tiene equipos asociados.',
  },
  PR1003: {
    status: 409,
    en: 'The product cannot be deleted because it has firmwares.',
    es: 'No se puede eliminar el producto porque tiene firmwares asociados.',
  },
  PR1004: { status: 400, en: 'The product code is invalid.', es: 'El código del producto no es válido.' },

  // ── Networks ───────────────────────────────────────────────────────────────────────────────────
  NE1000: { status: 404, en: 'The network was not found.', es: 'No se encontró la red.' },
  NE1001: {
    status: 409,
    en: 'A network with this name already exists.',
    es: 'Ya existe una red con este nombre.',
  },
  NE1002: {
    status: 409,
    en: 'The network cannot be deleted because it has devices.',
    es: 'No se puede eliminar la red porque tiene equipos asociados.',
  },
  NE1003: {
    status: 409,
    en: 'A network with this code already exists.',
    es: 'Ya existe una red con este código.',
  },
  NE1004: { status: 400, en: 'The SIM number is invalid.', es: 'El número de SIM no es válido.' },
  NE1005: {
    status: 409,
    en: 'The network is disabled and cannot be assigned to devices.',
    es: 'La red está deshabilitada y no se puede asignar a equipos.',
  },
  NE1006: { status: 409, en: 'The network could not be restored.', es: 'No se pudo restaurar la red.' },

  // ── Components and component types ─────────────────────────────────────────────────────────────
  SET1002: { status: 404, en: 'The component was not found.', es: 'No se encontró el componente.' },
  SET1004: {
    status: 409,
    en: 'A component type with this name already exists.',
    es: 'Ya existe un tipo de componente con este nombre.',
  },
  SET1005: {
    status: 409,
    en: 'The component type cannot be disabled while it has installed components.',
    es: 'No se puede deshabilitar el tipo de componente mientras tenga componentes instalados.',
  },
  SET1006: {
    status: 409,
    en: 'The component type cannot be disabled while it has active components.',
    es: 'No se puede deshabilitar el tipo de componente mientras tenga componentes activos.',
  },
  SEQ1001: {
    status: 409,
    en: 'The serial number is already registered.',
    es: 'El número de serie ya está registrado.',
  },

  // ── Aforo's own codes (not among the product's named codes: docs/VALIDATION.md) ────────────────
  SET1007: {
    status: 409,
    en: 'The component type cannot be deleted because it has components.',
    es: 'No se puede eliminar el tipo de componente porque tiene componentes.',
  },
  /** Install without `force` where one of the type is installed: the web asks and resends with force. */
  SET1008: {
    status: 409,
    en: 'A component of this type is already installed at this point; confirm to replace it.',
    es: 'Ya hay un componente de este tipo instalado en este punto; confirme para reemplazarlo.',
  },
  /** Editing or deleting a component that is not Inactive (docs/DEVICES.md "editable only while inactive"). */
  SET1009: {
    status: 409,
    en: 'The component can be edited or deleted only while it is inactive.',
    es: 'El componente solo se puede editar o eliminar mientras está inactivo.',
  },
  /** A type of one company installed at another company's point (the provider's types go anywhere). */
  SET1010: {
    status: 409,
    en: "Components of this type cannot be installed at this company's points.",
    es: 'Los componentes de este tipo no se pueden instalar en los puntos de esta empresa.',
  },
} as const satisfies Record<string, ErrorEntry>;
