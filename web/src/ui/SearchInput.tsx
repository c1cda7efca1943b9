import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchInputProps {
  /** The search kept in the URL. */
  value: string;
  /** Called with the trimmed text once typing pauses. */
  onChange: (value: string) => void;
  placeholder?: string;
  /** A visible label; without one the box is named "Search" for assistive technology. */
  label?: string;
  /** Fixed width instead of taking the free space of its row. */
  width?: number;
}

/** A list's search box: follows the URL (back button) and writes to it after a short pause. */
export function SearchInput({ value, onChange, placeholder, label, width }: SearchInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    // the URL changed under us (back button, reset): show what it says
    setSeen(value);
    setText(value);
  }
  const commit = useDebouncedCallback((next: string) => onChange(next.trim()), 350);

  const handleClear = () => {
    setText('');
    commit.cancel?.();
    onChange('');
  };

  return (
    <TextInput
      type="search"
      label={label}
      aria-label={label ? undefined : t('common.search')}
      placeholder={placeholder ?? t('common.searchPlaceholder')}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      rightSection={
        text ? <CloseButton size="sm" aria-label={t('common.clearSearch')} onClick={handleClear} /> : null
      }
      {...(width ? { w: width } : { miw: 240, style: { flex: 1, maxWidth: 420 } })}
    />
  );
}
