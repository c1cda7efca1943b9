/** Addresses the interface links to. */
export const supportEmail = 'soporte@aforo.dev';
export const salesEmail = 'ventas@aforo.dev';
/** The generated API reference (docs/API.md), opened by the user menu's Wiki item. */
export const apiDocsUrl = '/api/docs';
