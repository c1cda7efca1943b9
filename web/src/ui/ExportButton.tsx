import { Button, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryValue } from '../lib/api';
import { ExportDialog } from './ExportDialog';

export interface ExportButtonProps {
  /** The export's path under /api, e.g. '/events/export'. */
  path: string;
  /** The screen's current filters, as its list sends them. */
  params: Record<string, QueryValue>;
  /** Offer the docs/LIMITS.md frequencies (measures). */
  withFrequency?: boolean;
  /** Set when the filters cannot be exported yet: the button is off and says why. */
  disabledReason?: string;
  /** Offer XLSX and the CSV's decimal mark (exports with numbers: the measures). */
  spreadsheet?: boolean;
}

/** "Export" of a list screen: a dialog for the file's format, separator (and frequency), then the download. */
export function ExportButton(props: ExportButtonProps) {
  const { path, params, withFrequency, disabledReason, spreadsheet } = props;
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip label={disabledReason} disabled={!disabledReason}>
        {/* a disabled button fires no mouse events: the wrapper carries the tooltip */}
        <span>
          <Button variant="default" onClick={() => setOpened(true)} disabled={Boolean(disabledReason)}>
            {t('exports.button')}
          </Button>
        </span>
      </Tooltip>
      {opened && (
        <ExportDialog
          opened
          onClose={() => setOpened(false)}
          path={path}
          params={params}
          withFrequency={withFrequency}
          spreadsheet={spreadsheet}
        />
      )}
    </>
  );
}
