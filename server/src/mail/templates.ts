/** The texts of the mails Aforo sends, in the recipient's language. */
import type { Language } from '@aforo/contracts/constants';
import type { NewMail } from './mail-outbox.repository';

interface Recipient {
  email: string;
  name: string;
  language: Language;
}

export function activationMail(to: Recipient, link: string, companyName: string | null): NewMail {
  if (to.language === 'en') {
    return {
      to: to.email,
      subject: 'Activate your Aforo account',
      text: `Hello ${to.name},\n\nAn account has been created for you in Aforo${companyName ? ` (${companyName})` : ''}.\nSet your password with this link, valid for 7 days:\n\n${link}\n\nIf you did not expect this mail, ignore it.\n\nAforo`,
    };
  }
  return {
    to: to.email,
    subject: 'Active su cuenta de Aforo',
    text: `Hola, ${to.name}:\n\nSe ha creado una cuenta para usted en Aforo${companyName ? ` (${companyName})` : ''}.\nEstablezca su contraseña con este enlace, válido durante 7 días:\n\n${link}\n\nSi no esperaba este correo, ignórelo.\n\nAforo`,
  };
}

export function restoreMail(to: Recipient, link: string): NewMail {
  if (to.language === 'en') {
    return {
      to: to.email,
      subject: 'Reset your Aforo password',
      text: `Hello ${to.name},\n\nSomeone asked to reset the password of your Aforo account.\nChoose a new password with this link, valid for 1 hour and usable once:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n\nAforo`,
    };
  }
  return {
    to: to.email,
    subject: 'Restablezca su contraseña de Aforo',
    text: `Hola, ${to.name}:\n\nSe ha solicitado restablecer la contraseña de su cuenta de Aforo.\nElija una nueva contraseña con este enlace, válido durante 1 hora y de un solo uso:\n\n${link}\n\nSi no ha sido usted, ignore este correo: su contraseña no cambia.\n\nAforo`,
  };
}
