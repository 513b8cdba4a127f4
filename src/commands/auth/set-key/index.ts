import { credentialCommand } from '../../../command-model/credential-command.js';

export default credentialCommand('apiKey');
