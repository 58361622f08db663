/** Documents' public pieces: uploading into the library, with the checks a file must pass. */
export { documentsApi } from './api';
export { acceptedEndings, fileProblem, refusalMessage } from './upload-checks';
