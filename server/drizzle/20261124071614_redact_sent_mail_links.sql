-- Mails already handed to SMTP (status 'sent') lose their one-time links, as the mailer now does on sending (lib/redact-links.ts).
UPDATE "mail_outbox" SET
  "text" = regexp_replace(
    regexp_replace("text", '(/(?:activate/user|users/validate)/)[^\s/?#"''<>]+', '\1[redacted]', 'g'),
    '([?&](?:token|key|secret|code)=)[^\s&#"''<>]+', '\1[redacted]', 'gi'),
  "html" = regexp_replace(
    regexp_replace("html", '(/(?:activate/user|users/validate)/)[^\s/?#"''<>]+', '\1[redacted]', 'g'),
    '([?&](?:token|key|secret|code)=)[^\s&#"''<>]+', '\1[redacted]', 'gi')
WHERE "status" = 'sent';
