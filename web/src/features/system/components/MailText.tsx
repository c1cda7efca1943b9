import { Anchor, Text } from '@mantine/core';
import { Fragment } from 'react';

const urlPattern = /(https?:\/\/[^\s<>"]+)/g;

/** A mail's plain text with its links clickable (not those whose token was removed), line breaks kept. */
export function MailText({ text }: { text: string }) {
  const parts = text.split(urlPattern);
  return (
    <Text
      component="div"
      size="sm"
      ff="monospace"
      p="md"
      bg="var(--mantine-color-gray-0)"
      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', borderRadius: 'var(--mantine-radius-md)' }}
      data-testid="mail-text"
    >
      {parts.map((part, index) =>
        index % 2 === 1 && !part.includes('[redacted]') ? (
          <Anchor key={index} href={part} target="_blank" rel="noopener noreferrer" inherit>
            {part}
          </Anchor>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </Text>
  );
}
