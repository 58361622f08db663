export { dcOptionText as optionText } from '@meridian/contracts';
