import { ordinal } from "#app/domain/ordinal";
import { ranRawText } from "#app/domain/screening-standards";
import type { FamilyReportMessages } from "./messages";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const en: FamilyReportMessages = {
  languageName: "English",
  htmlLang: "en",
  productName: "Early Literacy Screening",
  title: "Family Report",
  reportDate: (date) => `Report date: ${date}`,
  formatDate: (date) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`,
  grades: { PK: "Pre-K", K: "Kindergarten", "1": "1st grade", "2": "2nd grade", "3": "3rd grade" },
  periods: {
    BOY: "Beginning of Year (BOY)",
    MOY: "Middle of Year (MOY)",
    EOY: "End of Year (EOY)",
  },
  schoolYear: (year) => `school year ${year}`,
  student: {
    heading: "Student",
    name: "Name",
    grade: "Grade",
    dateOfBirth: "Date of birth",
    school: "School",
    teachers: "Teacher",
    period: "Screening period",
    screenedOn: "Screened on",
    notScreened: "Not yet screened",
  },
  about: {
    heading: "About the screener",
    intro:
      "Your child played a short set of game-like reading activities on a tablet or computer. The screener is a quick check, not a diagnosis: it helps the teacher see early which skills are growing well and where a little extra practice will help.",
    duration: (minutes) => `The screener takes about ${minutes} minutes.`,
    gradeNotScreened: "The screener covers Pre-K through 3rd grade, so there are no results for this grade.",
  },
  explanations: {
    PK: {
      measures:
        "In Pre-K, the screener looks at the skills that get children ready to read: knowing letter names and letter sounds, understanding words, hearing rhymes and the first sound of a word, following spoken directions, and naming familiar pictures quickly.",
      atHome: [
        "Read together every day and talk about the pictures and any new words.",
        "Sing songs and play rhyming games: cat, hat, bat… what else rhymes?",
        "Point out letters in your child's name, on signs and on food labels.",
      ],
    },
    K: {
      measures:
        "In kindergarten, the screener checks the skills that build toward reading: letter names and letter sounds, hearing and blending the sounds in words, rhyming, vocabulary, understanding sentences and directions, repeating made-up words, and naming objects quickly.",
      atHome: [
        "Read together every day; ask your child to find letters and say their sounds.",
        "Play sound games: “What word do these sounds make: c‑a‑t?” “What sound does sun start with?”",
        "Talk a lot: name things around the house and use new words in everyday talk.",
      ],
    },
    "K-rer": {
      measures:
        "In kindergarten, the screener checks letter names and letter sounds, blending sounds into words and taking a sound out of a word, repeating made-up words, naming pictures with the right word, reading simple words, and naming objects quickly.",
      atHome: [
        "Read together every day; point to simple words and sound them out together.",
        "Play sound games: “Say cat without the c.” “What word do s‑u‑n make?”",
        "Ask your child to name things they see and tell you about their day in full sentences.",
      ],
    },
    "1": {
      measures:
        "In 1st grade, the screener checks how your child is learning to read: letter names and letter sounds, blending sounds and taking a sound out of a word, reading real words and made-up words, vocabulary, understanding sentences, repeating made-up words, and naming letters quickly. Made-up words show whether your child can sound out a word they have never seen.",
      atHome: [
        "Listen to your child read a little every day, and read to them too.",
        "When your child gets stuck on a word, help them sound it out letter by letter.",
        "Play word games: change one sound to make a new word (cat, hat, hot).",
      ],
    },
    "2": {
      measures:
        "In 2nd grade, the screener checks reading real words and made-up words, spelling made-up words, blending sounds and taking a sound out of a word, repeating made-up words, naming pictures with the right word, and naming letters quickly. Made-up words show whether your child can sound out and spell words they have never seen.",
      atHome: [
        "Read together every day: take turns reading pages aloud.",
        "Talk about what you read: who, what, where and why.",
        "Play spelling games with short words, saying each sound as you write it.",
      ],
    },
    "3": {
      measures:
        "In 3rd grade, the screener checks reading real words and made-up words, spelling made-up words, blending sounds and taking a sound out of a word, repeating made-up words, naming pictures with the right word, and naming letters quickly. These skills support reading longer texts smoothly and with understanding.",
      atHome: [
        "Make time to read every day: books, comics, recipes, anything your child enjoys.",
        "Ask your child to tell you about what they read in their own words.",
        "Look up new words together and use them in conversation.",
      ],
    },
  },
  results: {
    heading: (period) => `Results: ${period}`,
    columns: { area: "Skill area", activity: "Activity", result: "Result", meaning: "What it means" },
    noSubtests: "No subtests assigned to student grade.",
  },
  summary: (s, firstName) => {
    if (s.finished === 0) return `${firstName} has not taken the screener yet in this period.`;
    const parts = [`${firstName} finished ${s.finished} of ${plural(s.assigned, "activity", "activities")}.`];
    const bands = [
      s.onTrack > 0 ? `${s.onTrack} at or above benchmark or on track` : null,
      s.support > 0 ? `${s.support} below benchmark or needing support` : null,
      s.strongSupport > 0 ? `${s.strongSupport} well below benchmark` : null,
    ].filter((b): b is string => b !== null);
    if (bands.length > 0) parts.push(`Of these: ${bands.join(", ")}.`);
    return parts.join(" ");
  },
  groups: {
    "phonemic-awareness": "Phonemic Awareness",
    phonics: "Phonics",
    fluency: "Fluency",
    vocabulary: "Vocabulary",
    comprehension: "Comprehension",
    processing: "Processing",
  },
  tests: {
    "letter-names": { name: "Letter Names", what: "Naming the letters of the alphabet" },
    "letter-sounds": { name: "Letter Sounds", what: "Saying the sound each letter makes" },
    vocab: { name: "Vocabulary", what: "Knowing what words mean" },
    "oral-sentence": { name: "Oral Sentence Comprehension", what: "Understanding spoken sentences" },
    blending: { name: "Blending", what: "Putting sounds together to make a word" },
    "object-ran": { name: "Object RAN", what: "Naming pictures of objects quickly" },
    "letter-ran": { name: "Letter RAN", what: "Naming letters quickly" },
    rhyming: { name: "Rhyming", what: "Hearing which words rhyme" },
    "word-matching": { name: "Word Matching", what: "Matching words that go together" },
    "first-sounds": { name: "First Sounds", what: "Hearing the first sound of a word" },
    "follow-directions": { name: "Follow Directions", what: "Following spoken directions" },
    "nonword-repetition": { name: "Nonword Repetition", what: "Repeating made-up words" },
    deletion: { name: "Deletion", what: "Saying a word without one of its sounds" },
    "word-reading": { name: "Word Reading", what: "Reading real words" },
    "nonword-reading": { name: "Nonword Reading", what: "Sounding out made-up words" },
    "rer-word-reading": { name: "RER Word Reading", what: "Reading real words" },
    "rer-nonword-reading": { name: "RER Nonword Reading", what: "Sounding out made-up words" },
    "rer-nonword-repetition": { name: "RER Nonword Repetition", what: "Repeating made-up words" },
    "rer-expressive-vocabulary": { name: "RER Expressive Vocabulary", what: "Naming pictures with the right word" },
    "rer-nonword-spelling": { name: "RER Nonword Spelling", what: "Spelling made-up words" },
    "rer-letter-ran": { name: "RER Letter RAN", what: "Naming letters quickly" },
    "rer-blending": { name: "RER Blending", what: "Putting sounds together to make a word" },
    "rer-deletion": { name: "RER Deletion", what: "Saying a word without one of its sounds" },
  },
  score: {
    percentile: (value) => `${ordinal(value)} percentile`,
    ratio: (correctOfTotal) => `${correctOfTotal} correct`,
    tbd: "To be determined",
    notAvailable: "N/A",
    ranTime: (seconds, errors = null) => ranRawText(seconds, errors),
    noNorms: "No norms configured",
    noCutoff: "No cutoff configured",
  },
  statuses: {
    empty: "Not taken yet",
    incomplete: "Started, not finished",
    "needs-scoring": "Waiting for the teacher's scoring",
    invalid: "Could not be scored (N/A)",
  },
  bands: {
    "at-or-above": "At or Above Benchmark",
    below: "Below Benchmark",
    "well-below": "Well Below Benchmark",
    "on-track": "On Track",
    "needs-support": "Needs Support",
  },
  key: {
    heading: "What the results mean",
    percentile:
      "A percentile compares your child with children in the same grade across the country. The 45th percentile means your child did as well as or better than 45 out of 100 children; the 50th is average.",
    bands: {
      "at-or-above": "above the 40th percentile; right where we expect at this time of year.",
      below: "21st to 40th percentile; a little extra practice will help.",
      "well-below": "20th percentile or lower; the school will give extra support.",
      "on-track": "your child reached the goal for this grade and time of year.",
      "needs-support": "your child has not reached the goal yet; extra practice will help.",
    },
    tbd: "To be determined: the comparison for this grade is not ready yet.",
    sources: (list) => `Some results are compared with the published figures named here, not with children across the country: ${list}.`,
    sourceKinds: { ranNorms: "RAN norms", pkRiskCutoff: "prekindergarten risk cutoff", abilityCutoffs: "ability cutoffs" },
  },
  atHomeHeading: "How you can help at home",
  closing: "Questions about these results? Please talk with your child's teacher.",
  growth: {
    heading: "Growth across the year",
    note: "Percentiles by period; the shaded bands are Well Below Benchmark (hatched) and Below Benchmark (dotted).",
    percentileTitle: (test, student, periods) => `${test} percentile of ${student} across ${periods}`,
    riskTitle: (score, student, periods) => `${score} score of ${student} across ${periods}`,
    periods: { BOY: "BOY", MOY: "MOY", EOY: "EOY" },
    columns: { period: "Period", percentile: "Percentile", band: "Band", score: "Score", meaning: "Meaning" },
    noPercentile: "No %ile",
    percentile: (value) => ordinal(value),
    scores: { dyslexia: "Risk Flag", pwr: "Potential For Word Reading", kready: "Reading Readiness", pkRisk: "Prekindergarten Risk" },
    cells: {
      notStarted: "Not started",
      inProgress: "In progress",
      needsScoring: "Needs scoring",
      noScore: "No score",
      tbd: "TBD",
      notApplicable: "N/A",
    },
    qualifiers: {
      atRisk: "At risk",
      notAtRisk: "Not at risk",
      highRisk: "High risk",
      moderateRisk: "Moderate risk",
      lowRisk: "Low risk",
      emerging: "Emerging",
      ready: "Ready",
      notApplicable: "Not applicable",
    },
  },
};
