/** react-admin's own messages in English: the package is the reference set every other language matches. */
import englishMessages from 'ra-language-english';

export default englishMessages;
