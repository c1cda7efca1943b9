/** Errors of accounts: users, their profiles in companies, roles, sign-in and sessions. */
import type { ErrorEntry } from './entry';

export const accountErrors = {
  // ── Roles ──────────────────────────────────────────────────────────────────────────────────────
  R1000: { status: 404, en: 'The role was not found.', es: 'No se encontró el rol.' },

  // ── Users ──────────────────────────────────────────────────────────────────────────────────────
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

  // ── User profiles (membership of users in companies) ───────────────────────────────────────────
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

  // ── Public calls (sign-in, activation, password restore) ───────────────────────────────────────
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

  // ── Aforo's own codes (not among the product's named codes: docs/VALIDATION.md) ────────────────
  F1001: {
    status: 403,
    en: 'This user also belongs to another company: only the provider can change their account (email, name, phone, password, state).',
    es: 'Este usuario también pertenece a otra empresa: solo el proveedor puede cambiar su cuenta (correo, nombre, teléfono, contraseña, estado).',
  },
  U1014: {
    status: 409,
    en: 'The user is already suspended.',
    es: 'El usuario ya está suspendido.',
  },
  U1015: { status: 409, en: 'The user is not suspended.', es: 'El usuario no está suspendido.' },
  U1016: {
    status: 409,
    en: 'You cannot suspend your own user.',
    es: 'No puede suspender su propio usuario.',
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
} as const satisfies Record<string, ErrorEntry>;
