/**
 * react-admin's own messages in French: ra-language-french 5.x has every key of ra-language-english
 * (tests/web/i18n.test.ts fails if that stops being true; add the missing keys here then).
 */
import frenchMessages from 'ra-language-french';

export default frenchMessages;
