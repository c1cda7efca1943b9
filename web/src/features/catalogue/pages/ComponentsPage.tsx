import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ComponentsSection } from '../components/ComponentsSection';
import { ComponentTypesSection } from '../components/ComponentTypesSection';

type Tab = 'components' | 'types';

/** /app/operation/components: components (with their life cycle) and component types, one tab each. */
export function ComponentsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'types' ? 'types' : 'components';

  // each tab has its own list state: switching starts it from its defaults
  const handleTabChange = (value: string | null) => setParams(value === 'types' ? { tab: 'types' } : {});

  return (
    <Tabs value={tab} onChange={handleTabChange} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="components">{t('catalogue.components.tab')}</Tabs.Tab>
        <Tabs.Tab value="types">{t('catalogue.componentTypes.tab')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="components">
        <ComponentsSection />
      </Tabs.Panel>
      <Tabs.Panel value="types">
        <ComponentTypesSection />
      </Tabs.Panel>
    </Tabs>
  );
}
