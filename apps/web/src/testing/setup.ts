import { configure } from '@testing-library/dom';

// findBy* queries wait up to 15 s: the suite runs beside API and browser tests on two cores, where a lazy
// chunk can take longer than the library's 1 s default to arrive.
configure({ asyncUtilTimeout: 15_000 });
