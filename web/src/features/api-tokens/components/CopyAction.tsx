import { Button, CopyButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A small button that copies a text and says so. */
export function CopyAction({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button variant="light" size="xs" color={copied ? 'teal' : 'blue'} onClick={copy}>
          {copied ? t('apiTokens.secret.copied') : label}
        </Button>
      )}
    </CopyButton>
  );
}
