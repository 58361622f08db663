export { ConfirmItsYou } from './ConfirmItsYou';
export { stepUpApi } from './step-up-api';
export { StepUpQuestion, startStepUp, type StartedStepUp } from './StepUpQuestion';
