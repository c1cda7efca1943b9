import { describe, expect, it } from 'vitest';
import { initials } from './UserMenu';

describe('avatar initials', () => {
  it('the first letters of name and surname, from their first words, upper-cased', () => {
    expect(initials('Visitante', 'Norte')).toBe('VN');
    expect(initials('Ana', 'Administradora')).toBe('AA');
    expect(initials('  maría josé', 'de la Fuente')).toBe('MD');
    expect(initials('Íñigo', 'Ñúñez')).toBe('ÍÑ');
    expect(initials('(Lucía)', '')).toBe('L');
  });

  it('without a name, the e-mail; without either, a question mark', () => {
    expect(initials('', '', 'spectator.norte@demo.aforo.dev')).toBe('SP');
    expect(initials(' ', '', '1.2@x')).toBe('?');
  });
});
