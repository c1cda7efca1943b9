/**
 * Error catalogue (spec §8, DESIGN.md §4): every server error code with its HTTP status and its
 * message in English and Spanish. Imports nothing so that both sides (and tests) can use it freely.
 *
 * Status conventions: "not found" → 404, business-rule conflicts → 409, input problems → 400,
 * 500 only for E1000.
 */

import type { Language } from './constants';

export interface ErrorEntry {
  status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503;
  en: string;
  es: string;
}

export const errorCatalog = {
  // ── Generic ──────────────────────────────────────────────────────────────────────────────────
  E1000: {
    status: 500,
    en: 'There was an error processing the request, please try again later.',
    es: 'Se produjo un error al procesar la solicitud; inténtelo de nuevo más tarde.',
  },

  // ── Brands ───────────────────────────────────────────────────────────────────────────────────
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

  // ── Date ranges ──────────────────────────────────────────────────────────────────────────────
  DR1000: {
    status: 400,
    en: 'The date range cannot be longer than one year.',
    es: 'El rango de fechas no puede ser superior a un año.',
  },
  DR1001: {
    status: 400,
    en: 'The level summary date range cannot be longer than two months.',
    es: 'El rango de fechas del resumen de niveles no puede ser superior a dos meses.',
  },
  DR1002: {
    status: 409,
    en: 'The user has no company assigned.',
    es: 'El usuario no tiene ninguna empresa asignada.',
  },

  // ── Devices ──────────────────────────────────────────────────────────────────────────────────
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

  // ── Firmwares ────────────────────────────────────────────────────────────────────────────────
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

  // ── Measures ─────────────────────────────────────────────────────────────────────────────────
  ME1000: { status: 404, en: 'The measure was not found.', es: 'No se encontró la medida.' },
  ME1001: {
    status: 400,
    en: 'The start date must be earlier than the end date.',
    es: 'La fecha de inicio debe ser anterior a la fecha de fin.',
  },
  ME1002: {
    status: 400,
    en: 'Select at least one measurement point or device to query measures.',
    es: 'Seleccione al menos un punto de medición o un equipo para consultar las medidas.',
  },

  // ── Measurement points ───────────────────────────────────────────────────────────────────────
  POM1000: {
    status: 404,
    en: 'The measurement point was not found.',
    es: 'No se encontró el punto de medición.',
  },
  POM1001: {
    status: 409,
    en: 'A measurement point with this name already exists.',
    es: 'Ya existe un punto de medición con este nombre.',
  },
  POM1002: {
    status: 409,
    en: 'The measurement point cannot be deleted because it has devices.',
    es: 'No se puede eliminar el punto de medición porque tiene equipos asociados.',
  },
  POM1003: {
    status: 400,
    en: 'The coordinates of the measurement point are invalid.',
    es: 'Las coordenadas del punto de medición no son válidas.',
  },
  POM1004: {
    status: 400,
    en: 'The transmission time must be greater than the measure time.',
    es: 'El tiempo de transmisión debe ser mayor que el tiempo de medida.',
  },
  POM1005: {
    status: 400,
    en: 'The number of measures for the average exceeds the allowed limit.',
    es: 'El número de medidas para el promedio supera el límite permitido.',
  },
  POM1006: {
    status: 400,
    en: 'The 4 mA and 20 mA values must be different.',
    es: 'Los valores de 4 mA y 20 mA deben ser distintos.',
  },
  POM1007: {
    status: 400,
    en: 'The parameters are not in a valid JSON format.',
    es: 'Los parámetros no tienen un formato JSON válido.',
  },
  POM1008: {
    status: 400,
    en: 'The alert and warning thresholds are inconsistent.',
    es: 'Los umbrales de alerta y de aviso no son coherentes.',
  },
  POM1009: {
    status: 400,
    en: 'The minimum expected value must be lower than the maximum expected value.',
    es: 'El valor mínimo esperado debe ser menor que el valor máximo esperado.',
  },
  POM1010: {
    status: 400,
    en: 'The unit is not valid for the port type of the measurement point.',
    es: 'La unidad no es válida para el tipo de puerto del punto de medición.',
  },
  POM1011: {
    status: 409,
    en: 'The measurement point could not be restored.',
    es: 'No se pudo restaurar el punto de medición.',
  },
  POM1012: {
    status: 409,
    en: 'The measurement point already has a device installed.',
    es: 'El punto de medición ya tiene un equipo instalado.',
  },

  // ── Models ───────────────────────────────────────────────────────────────────────────────────
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

  // ── Operation modes ──────────────────────────────────────────────────────────────────────────
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

  // ── Products ─────────────────────────────────────────────────────────────────────────────────
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

  // ── Companies ────────────────────────────────────────────────────────────────────────────────
  CO1001: {
    status: 409,
    en: 'A company with this business name already exists.',
    es: 'Ya existe una empresa con esta razón social.',
  },
  CO1002: {
    status: 409,
    en: 'The company cannot be deleted because it has users.',
    es: 'No se puede eliminar la empresa porque tiene usuarios asociados.',
  },
  CO1003: {
    status: 409,
    en: 'The company cannot be deleted because it has devices.',
    es: 'No se puede eliminar la empresa porque tiene equipos asociados.',
  },
  CO1004: {
    status: 409,
    en: 'The company cannot be deleted because it has measurement points.',
    es: 'No se puede eliminar la empresa porque tiene puntos de medición asociados.',
  },
  CO1005: {
    status: 400,
    en: 'The preferred time zone of the company is invalid.',
    es: 'La zona horaria preferida de la empresa no es válida.',
  },
  CO1006: { status: 409, en: 'The company could not be restored.', es: 'No se pudo restaurar la empresa.' },

  // ── Billing plans ────────────────────────────────────────────────────────────────────────────
  BP1000: {
    status: 404,
    en: 'The billing plan was not found.',
    es: 'No se encontró el plan de facturación.',
  },
  BP1001: {
    status: 409,
    en: 'A billing plan with this name already exists.',
    es: 'Ya existe un plan de facturación con este nombre.',
  },
  BP0001: {
    status: 409,
    en: 'The billing plan cannot be deleted because it has companies.',
    es: 'No se puede eliminar el plan de facturación porque tiene empresas asociadas.',
  },

  // ── Roles, log entries, states ───────────────────────────────────────────────────────────────
  R1000: { status: 404, en: 'The role was not found.', es: 'No se encontró el rol.' },
  BC1000: {
    status: 404,
    en: 'The change history entry was not found.',
    es: 'No se encontró el registro del historial de cambios.',
  },
  S1000: { status: 404, en: 'The state was not found.', es: 'No se encontró el estado.' },

  // ── Users ────────────────────────────────────────────────────────────────────────────────────
  U1000: { status: 404, en: 'The user was not found.', es: 'No se encontró el usuario.' },
  U1001: { status: 409, en: 'The user is already disabled.', es: 'El usuario ya está deshabilitado.' },
  U1002: { status: 409, en: 'The user is already enabled.', es: 'El usuario ya está habilitado.' },
  U1003: { status: 409, en: 'You cannot delete your own user.', es: 'No puede eliminar su propio usuario.' },
  U1004: {
    status: 409,
    en: 'You cannot disable your own user.',
    es: 'No puede deshabilitar su propio usuario.',
  },
  U1005: { status: 409, en: 'The user could not be restored.', es: 'No se pudo restaurar el usuario.' },
  U1006: {
    status: 409,
    en: 'The activation link cannot be renewed because the user is already activated.',
    es: 'No se puede renovar el enlace de activación porque el usuario ya está activado.',
  },
  U1007: {
    status: 400,
    en: 'The activation link is invalid or has expired.',
    es: 'El enlace de activación no es válido o ha caducado.',
  },
  U1008: {
    status: 403,
    en: 'You do not have an active profile in the selected company.',
    es: 'No tiene un perfil activo en la empresa seleccionada.',
  },
  U1009: {
    status: 409,
    en: 'The email is already registered.',
    es: 'El correo electrónico ya está registrado.',
  },
  U1010: {
    status: 400,
    en: 'The password could not be restored because the link is invalid or has expired.',
    es: 'No se pudo restablecer la contraseña porque el enlace no es válido o ha caducado.',
  },
  U1011: {
    status: 400,
    en: 'At least one role must be assigned to the user.',
    es: 'Se debe asignar al menos un rol al usuario.',
  },
  U1012: {
    status: 400,
    en: 'The selected roles cannot be assigned to this type of user.',
    es: 'Los roles seleccionados no se pueden asignar a este tipo de usuario.',
  },
  U1013: { status: 400, en: 'The email is invalid.', es: 'El correo electrónico no es válido.' },

  // ── Countries ────────────────────────────────────────────────────────────────────────────────
  CU1000: { status: 404, en: 'The country was not found.', es: 'No se encontró el país.' },
  CU1001: {
    status: 409,
    en: 'A country with this name already exists.',
    es: 'Ya existe un país con este nombre.',
  },
  CU1002: {
    status: 409,
    en: 'The country cannot be deleted because it has companies.',
    es: 'No se puede eliminar el país porque tiene empresas asociadas.',
  },
  CU1003: {
    status: 409,
    en: 'A country with this ISO code already exists.',
    es: 'Ya existe un país con este código ISO.',
  },
  CU1004: {
    status: 400,
    en: 'The ISO code of the country is invalid.',
    es: 'El código ISO del país no es válido.',
  },
  CU1005: {
    status: 400,
    en: 'The time zone of the country is invalid.',
    es: 'La zona horaria del país no es válida.',
  },
  CU1006: { status: 409, en: 'The country could not be restored.', es: 'No se pudo restaurar el país.' },

  // ── Networks ─────────────────────────────────────────────────────────────────────────────────
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

  // ── Public calls (sign-in, activation, password restore) ─────────────────────────────────────
  PU1000: { status: 409, en: 'The user is already active.', es: 'El usuario ya está activo.' },
  PU1001: {
    status: 400,
    en: 'The request could not be completed, please try again.',
    es: 'No se pudo completar la solicitud; inténtelo de nuevo.',
  },
  PU1010: {
    status: 401,
    en: 'Unauthorized: the email or password is incorrect.',
    es: 'No autorizado: el correo electrónico o la contraseña son incorrectos.',
  },

  // ── Components and component types ───────────────────────────────────────────────────────────
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
  SET1007: {
    status: 409,
    en: 'The component type cannot be deleted because it has components.',
    es: 'No se puede eliminar el tipo de componente porque tiene componentes.',
  },
  SEQ1001: {
    status: 409,
    en: 'The serial number is already registered.',
    es: 'El número de serie ya está registrado.',
  },

  // ── User profiles (membership of users in companies) ─────────────────────────────────────────
  UP1003: {
    status: 409,
    en: 'The user already belongs to the company.',
    es: 'El usuario ya pertenece a la empresa.',
  },
  UP1011: {
    status: 400,
    en: 'The email format is invalid.',
    es: 'El formato del correo electrónico no es válido.',
  },
  UP1012: {
    status: 409,
    en: 'A global user with this email already exists.',
    es: 'Ya existe un usuario global con este correo electrónico.',
  },
  UP1013: {
    status: 409,
    en: 'A company user with this email already exists.',
    es: 'Ya existe un usuario de empresa con este correo electrónico.',
  },
  UP1014: {
    status: 409,
    en: 'A user with this email already exists.',
    es: 'Ya existe un usuario con este correo electrónico.',
  },

  // ── Aforo's own codes (not in the spec) ──────────────────────────────────────────────────────
  V1000: {
    status: 400,
    en: 'The request contains invalid data.',
    es: 'La solicitud contiene datos no válidos.',
  },
  V1001: {
    status: 409,
    en: 'This item already exists; reload and try again.',
    es: 'Este elemento ya existe; recargue e inténtelo de nuevo.',
  },
  V1002: {
    status: 409,
    en: 'This item is still used by others, or refers to one that no longer exists; reload and try again.',
    es: 'Este elemento aún lo usan otros, o se refiere a uno que ya no existe; recargue e inténtelo de nuevo.',
  },
  N1000: { status: 404, en: 'The resource was not found.', es: 'No se encontró el recurso.' },
  F1000: {
    status: 403,
    en: 'Your role does not allow this action.',
    es: 'Su rol no le permite realizar esta acción.',
  },
  F1001: {
    status: 403,
    en: 'This user also belongs to another company: only the provider can change their account (email, name, phone, password, state).',
    es: 'Este usuario también pertenece a otra empresa: solo el proveedor puede cambiar su cuenta (correo, nombre, teléfono, contraseña, estado).',
  },
  L1000: {
    status: 429,
    en: 'Too many requests, please try again in a minute.',
    es: 'Demasiadas solicitudes; inténtelo de nuevo dentro de un minuto.',
  },
  L1001: {
    status: 413,
    en: 'The request is too large.',
    es: 'La solicitud es demasiado grande.',
  },
  AU1001: {
    status: 401,
    en: 'Your account has been suspended. Contact the system administrator for support.',
    es: 'Su cuenta ha sido suspendida. Póngase en contacto con el administrador del sistema para obtener ayuda.',
  },
  AU1002: {
    status: 401,
    en: 'Your session has expired. Please log in again.',
    es: 'Su sesión ha caducado. Vuelva a iniciar sesión.',
  },
  AU1003: {
    status: 401,
    en: 'Unauthorized: the access token is missing or invalid.',
    es: 'No autorizado: falta el token de acceso o no es válido.',
  },
  AU1004: {
    status: 400,
    en: 'The current password is incorrect.',
    es: 'La contraseña actual es incorrecta.',
  },
  AU1005: {
    status: 400,
    en: 'The new password must be at least 10 characters long.',
    es: 'La nueva contraseña debe tener al menos 10 caracteres.',
  },
  AU1006: { status: 400, en: 'The passwords do not match.', es: 'Las contraseñas no coinciden.' },
  AU1007: {
    status: 403,
    en: 'You must change your password before continuing.',
    es: 'Debe cambiar su contraseña antes de continuar.',
  },
  AU1008: {
    status: 401,
    en: 'Your account is not active.',
    es: 'Su cuenta no está activa.',
  },
  CO1000: { status: 404, en: 'The company was not found.', es: 'No se encontró la empresa.' },
  DR1003: {
    status: 400,
    en: 'The chart date range cannot be longer than five years.',
    es: 'El rango de fechas del gráfico no puede ser superior a cinco años.',
  },
  // ── Device ingestion (ours: HTTP POST /ingest/v1/up, docs/DEVICE-PROTOCOL.md) ──────────────
  IN1000: {
    status: 401,
    en: 'Device authentication failed: send Authorization: Device <serial>:<key>.',
    es: 'Falló la autenticación del equipo: envíe Authorization: Device <serie>:<clave>.',
  },
  IN1001: {
    status: 400,
    en: 'The message was refused and recorded as a failed measure (see reason).',
    es: 'El mensaje fue rechazado y registrado como medida fallida (vea el motivo).',
  },
  IN1002: {
    status: 503,
    en: 'The measures could not be stored now; send them again later.',
    es: 'No se pudieron guardar las medidas ahora; envíelas de nuevo más tarde.',
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof errorCatalog;

export const errorCodes = Object.keys(errorCatalog) as ErrorCode[];

export function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(errorCatalog, code);
}

/** The message of a code in the given language (English when a Spanish text is somehow missing). */
export function errorMessage(code: ErrorCode, lang: Language): string {
  const entry: ErrorEntry = errorCatalog[code];
  return entry[lang] || entry.en;
}

/**
 * Field-level validation messages (spec §5). Placeholders in braces ({min}, {max}) are filled by
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
  passwordsMismatch: { en: 'The passwords do not match', es: 'Las contraseñas no coinciden' },
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
