import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseMonthDialog, type CloseMonthDialogProps } from './CloseMonthDialog';

export type CloseMonthButtonProps = Omit<CloseMonthDialogProps, 'onClose'>;

/** "Close month" and its dialog, opened afresh each time (ADMIN, CHIEF: the caller decides). */
export function CloseMonthButton(props: CloseMonthButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="sm" color="indigo" onClick={() => setOpened(true)}>
        {t('reports.close.button')}
      </Button>
      {opened && <CloseMonthDialog {...props} onClose={() => setOpened(false)} />}
    </>
  );
}
