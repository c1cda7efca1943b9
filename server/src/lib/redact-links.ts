/**
 * One-time secrets inside URLs (activation and restore tokens, the email of /users/validate), cut
 * out of anything kept after the fact: request logs and mails already handed to SMTP.
 */
export const redacted = '[redacted]';

const secretSegment = /(\/(?:activate\/user|users\/validate)\/)[^\s/?#"'<>]+/g;
const secretParam = /([?&](?:token|key|secret|code)=)[^\s&#"'<>]+/gi;

/** The text with every secret path segment and query value of its URLs replaced by [redacted]. */
export function redactLinks(text: string): string {
  return text.replace(secretSegment, `$1${redacted}`).replace(secretParam, `$1${redacted}`);
}
