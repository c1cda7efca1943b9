import { Select } from '@mantine/core';
import type { SelectProps } from '@mantine/core';
import { useMemo } from 'react';

/** IANA names this browser knows; UTC first. */
function timeZones(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...names.filter((name) => name !== 'UTC')];
}

/** A searchable select of IANA time zones (e.g. Europe/Madrid). */
export function TimezoneSelect(props: Omit<SelectProps, 'data'>) {
  const data = useMemo(() => {
    const names = timeZones();
    // keep a stored value the browser doesn't list selectable
    return props.value && !names.includes(props.value) ? [props.value, ...names] : names;
  }, [props.value]);
  return <Select searchable data={data} maxDropdownHeight={280} allowDeselect={false} {...props} />;
}
