import { Button, Divider, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QuietHoursForm } from '../features/notifications';
import { useSession } from '../lib/session';
import { LanguageSelect } from '../ui/LanguageSelect';

export function SettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  // quiet hours are kept per company (its local time): only with one chosen
  const companyId = useSession((s) => s.currentCompanyId);
  return (
    <Modal opened={opened} onClose={onClose} title={t('shell.settingsTitle')} centered>
      <Stack gap="md">
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('shell.settingsLanguage')}
          </Text>
          <LanguageSelect size="sm" fullWidth />
        </Stack>
        <Divider />
        {companyId && opened && (
          <>
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t('notifications.quietHours.title')}
              </Text>
              <QuietHoursForm />
            </Stack>
            <Divider />
          </>
        )}
        <Stack gap={6} align="flex-start">
          <Text size="sm" fw={500}>
            {t('shell.settingsPassword')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('shell.settingsPasswordHint')}
          </Text>
          <Button component={Link} to="/app/change-password" variant="light" onClick={onClose}>
            {t('shell.settingsChangePassword')}
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
