import { credentialCommand } from './set-credential.js';

export default credentialCommand('apiKey');
