/** Errors of devices: life cycle, installation, deletion. */
import type { ErrorEntry } from './entry';

export const deviceErrors = {
  // ── Devices ────────────────────────────────────────────────────────────────────────────────────
  EQ1000: { status: 404, en: 'The device was not found.', es: 'No se encontró el equipo.' },
  EQ1001: {
    status: 409,
    en: 'A device with this SIM number already exists.',
    es: 'Ya existe un equipo con este número de SIM.',
  },
  EQ1002: {
    status: 409,
    en: 'The device cannot be edited in its current state.',
    es: 'No se puede editar el equipo en su estado actual.',
  },
  EQ1003: {
    status: 409,
    en: 'The device cannot be deleted because it is assigned to a company.',
    es: 'No se puede eliminar el equipo porque está asignado a una empresa.',
  },
  EQ1004: {
    status: 409,
    en: 'The device cannot be permanently deleted because it has a measurement point.',
    es: 'No se puede eliminar definitivamente el equipo porque tiene un punto de medición asociado.',
  },
  EQ1005: { status: 409, en: 'The device could not be restored.', es: 'No se pudo restaurar el equipo.' },
  EQ1006: {
    status: 409,
    en: 'The device could not be sent to maintenance in its current state.',
    es: 'No se pudo enviar el equipo a mantenimiento en su estado actual.',
  },
  EQ1007: {
    status: 409,
    en: 'The device could not be marked as repaired because it is not in maintenance.',
    es: 'No se pudo marcar el equipo como reparado porque no está en mantenimiento.',
  },
  EQ1008: {
    status: 409,
    en: 'The device could not be decommissioned because only inactive devices can be decommissioned.',
    es: 'No se pudo dar de baja el equipo porque solo se pueden dar de baja equipos inactivos.',
  },
  EQ1009: {
    status: 400,
    en: 'The export could not be generated; select at least one device or measurement point and both dates.',
    es: 'No se pudo generar la exportación; seleccione al menos un equipo o punto de medición y ambas fechas.',
  },
  EQ1010: {
    status: 409,
    en: 'The requested state change is not allowed for the device.',
    es: 'El cambio de estado solicitado no está permitido para el equipo.',
  },
  EQ1011: {
    status: 409,
    en: 'The device cannot be permanently deleted because it has measures.',
    es: 'No se puede eliminar definitivamente el equipo porque tiene medidas registradas.',
  },
  EQ1012: {
    status: 409,
    en: 'An active device cannot be deleted.',
    es: 'No se puede eliminar un equipo activo.',
  },
  EQ1013: {
    status: 409,
    en: 'The device is already installed at a measurement point.',
    es: 'El equipo ya está instalado en un punto de medición.',
  },
  EQ1014: {
    status: 409,
    en: 'The device cannot be installed because its component type is not enabled.',
    es: 'No se puede instalar el equipo porque su tipo de componente no está habilitado.',
  },
  EQ1015: {
    status: 409,
    en: 'The device cannot be uninstalled because it is not installed.',
    es: 'No se puede desinstalar el equipo porque no está instalado.',
  },
  EQ1016: {
    status: 400,
    en: 'The selected firmware is not compatible with the device model.',
    es: 'El firmware seleccionado no es compatible con el modelo del equipo.',
  },
  EQ1017: {
    status: 409,
    en: 'The device cannot be turned off because it is not active.',
    es: 'No se puede apagar el equipo porque no está activo.',
  },
  EQ1018: {
    status: 409,
    en: 'Maintenance can only be requested for an active device.',
    es: 'Solo se puede solicitar mantenimiento para un equipo activo.',
  },
  EQ1019: {
    status: 409,
    en: 'A decommissioned device cannot be modified.',
    es: 'No se puede modificar un equipo dado de baja.',
  },

  // ── Aforo's own codes (not among the product's named codes: docs/VALIDATION.md) ────────────────
  EQ1020: {
    status: 409,
    en: 'The parameters of the measurement point do not match the ports of the device model.',
    es: 'Los parámetros del punto de medición no corresponden a los puertos del modelo del equipo.',
  },
  // ours: components fitted to a device hold it (they keep their history); take them off first
  EQ1021: {
    status: 409,
    en: 'The device cannot be permanently deleted because it has components fitted.',
    es: 'No se puede eliminar definitivamente el equipo porque tiene componentes montados.',
  },
  // ours: "change state" moves the state only; what a state needs must already be there
  EQ1022: {
    status: 409,
    en: 'The device cannot become active without a measurement point; install it with the wizard.',
    es: 'El equipo no puede pasar a activo sin un punto de medición; instálelo con el asistente.',
  },
  EQ1023: {
    status: 409,
    en: 'The device cannot become inactive without a company; assign it to a company first.',
    es: 'El equipo no puede pasar a inactivo sin una empresa; asígnelo antes a una empresa.',
  },
} as const satisfies Record<string, ErrorEntry>;
