/** One code of the error catalogue: its HTTP status and its message in English and Spanish. */
export interface ErrorEntry {
  status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503;
  en: string;
  es: string;
}
