import { act, cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { i18n } from '../../lib/i18n';
import { PayloadViewer } from './components/PayloadViewer';
import { formatPayload, reasonKey } from './payload';

afterEach(cleanup);

describe('formatPayload', () => {
  it('indents JSON objects and arrays', () => {
    expect(formatPayload('{"v":1,"measures":[{"port":"ai1","v":12}]}')).toEqual({
      kind: 'json',
      text: '{\n  "v": 1,\n  "measures": [\n    {\n      "port": "ai1",\n      "v": 12\n    }\n  ]\n}',
    });
    expect(formatPayload('[1,2]').kind).toBe('json');
  });

  it('keeps anything else as it arrived', () => {
    expect(formatPayload('{"v":1,"measures":[{"po')).toEqual({
      kind: 'text',
      text: '{"v":1,"measures":[{"po',
    });
    expect(formatPayload('42')).toEqual({ kind: 'text', text: '42' });
    expect(formatPayload('ai1=12.0;ai2=3')).toEqual({ kind: 'text', text: 'ai1=12.0;ai2=3' });
    expect(formatPayload(null)).toEqual({ kind: 'empty', text: '' });
  });

  it('names the translation of every reason', () => {
    expect(reasonKey('unknown format')).toBe('telemetry.reasons.unknownFormat');
    expect(i18n.t(reasonKey('product not expected'), { lng: 'es' })).toBe('Producto no esperado');
  });
});

describe('PayloadViewer', () => {
  it('shows JSON pretty-printed in a code block, raw text as is', async () => {
    await act(() => i18n.changeLanguage('es'));
    const wrap = (payload: string | null) => (
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme} env="test">
          <PayloadViewer payload={payload} />
        </MantineProvider>
      </I18nextProvider>
    );
    const { rerender } = render(wrap('{"serial":"AFR-1001"}'));
    expect(screen.getByTestId('payload').textContent).toBe('{\n  "serial": "AFR-1001"\n}');
    expect(screen.getByText('JSON')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar' })).toBeInTheDocument();
    rerender(wrap('not json at all'));
    expect(screen.getByTestId('payload').textContent).toBe('not json at all');
    expect(screen.getByText('Texto sin formato')).toBeInTheDocument();
    rerender(wrap(null));
    expect(screen.getByText('No se guardó el contenido recibido.')).toBeInTheDocument();
  });
});
