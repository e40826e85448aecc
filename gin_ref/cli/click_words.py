"""click's own messages (its help's headings, its usage errors) for gin-ref's catalogue: click says them
through the standard library's gettext in gin-ref's domain (gin_ref.cli.helptext.speak_in_click).
Written by benchmarks/click_messages.py from click 8.0.0, 8.1.7, 8.5.1;
do not edit it. Never imported by a command: Babel reads it (babel.cfg), and tests check it."""

from gin_ref.desk.errors import N_, Nn_

MESSAGES = (
    N_('d'),  # click 8.5.1
    N_('{editor}: Editing failed'),  # click 8.0.0 8.1.7 8.5.1
    N_('{editor}: Editing failed: {e}'),  # click 8.0.0 8.1.7 8.5.1
    N_('Windows error: {error}'),  # click 8.5.1
    N_('Aborted!'),  # click 8.0.0 8.1.7 8.5.1
    N_('deprecated'),  # click 8.5.1
    N_('Options'),  # click 8.0.0 8.1.7 8.5.1
    N_('Positional arguments'),  # click 8.5.1
    Nn_('Got unexpected extra argument ({args})', 'Got unexpected extra arguments ({args})'),  # click 8.0.0 8.1.7 8.5.1
    N_('DeprecationWarning: The command {name!r} is deprecated.{extra_message}'),  # click 8.5.1
    N_('Commands'),  # click 8.0.0 8.1.7 8.5.1
    N_('Missing command.'),  # click 8.0.0 8.1.7 8.5.1
    N_('Value must be an iterable.'),  # click 8.0.0 8.1.7 8.5.1
    # click 8.0.0 8.1.7 8.5.1
    Nn_('Takes {nargs} values but 1 was given.', 'Takes {nargs} values but {len} were given.'),
    N_('DeprecationWarning: The {param_type} {name!r} is deprecated.{extra_message}'),  # click 8.5.1
    N_("Name '{name}' defined twice"),  # click 8.5.1
    N_('Boolean option {decl!r} cannot use the same flag for true/false.'),  # click 8.5.1
    N_('Could not determine name for option with declarations {decls!r}'),  # click 8.5.1
    # click 8.5.1
    N_("No options defined but a name was passed ({name}). Did you mean to declare an argument instead? Did you mean to pass '--{name}'?"),
    N_('env var: {var}'),  # click 8.0.0 8.1.7 8.5.1
    N_('default: {default}'),  # click 8.0.0 8.1.7 8.5.1
    N_('(dynamic)'),  # click 8.0.0 8.1.7 8.5.1
    N_('Arguments take exactly one parameter declaration, got {length}: {decls}.'),  # click 8.5.1
    N_('Do you want to continue?'),  # click 8.5.1
    N_('Confirm the action without prompting.'),  # click 8.5.1
    N_('%(prog)s, version %(version)s'),  # click 8.0.0 8.1.7 8.5.1
    N_('Show the version and exit.'),  # click 8.0.0 8.1.7 8.5.1
    N_('Show this message and exit.'),  # click 8.0.0 8.1.7 8.5.1
    Nn_('Did you mean {possibility}?', '(Did you mean one of: {possibilities}?)'),  # click 8.5.1
    N_("Try '{command} {option}' for help."),  # click 8.0.0 8.1.7 8.5.1
    N_('Invalid value: {message}'),  # click 8.0.0 8.1.7 8.5.1
    N_('Invalid value for {param_hint}: {message}'),  # click 8.0.0 8.1.7 8.5.1
    N_('Missing argument'),  # click 8.0.0 8.1.7 8.5.1
    N_('Missing option'),  # click 8.0.0 8.1.7 8.5.1
    N_('Missing parameter'),  # click 8.0.0 8.1.7 8.5.1
    N_('Missing {param_type}'),  # click 8.0.0 8.1.7 8.5.1
    N_('Missing parameter: {param_name}'),  # click 8.0.0 8.1.7 8.5.1
    N_('No such option {name!r}.'),  # click 8.5.1
    N_('No such command {name!r}.'),  # click 8.0.0 8.1.7 8.5.1
    N_('unknown error'),  # click 8.0.0 8.1.7 8.5.1
    N_('Could not open file {filename!r}: {message}'),  # click 8.0.0 8.1.7 8.5.1
    N_('Usage:'),  # click 8.5.1
    N_('Invalid start character for option ({option})'),  # click 8.5.1
    N_('Argument {name!r} takes {nargs} values.'),  # click 8.0.0 8.1.7 8.5.1
    N_('Option {name!r} does not take a value.'),  # click 8.0.0 8.1.7 8.5.1
    # click 8.0.0 8.1.7 8.5.1
    Nn_('Option {name!r} requires an argument.', 'Option {name!r} requires {nargs} arguments.'),
    N_('Shell completion is not supported for Bash versions older than 4.4.'),  # click 8.0.0 8.1.7 8.5.1
    N_("Couldn't detect Bash version, shell completion is not supported."),  # click 8.0.0 8.1.7 8.5.1
    N_('Repeat for confirmation'),  # click 8.0.0 8.1.7 8.5.1
    N_('Error: The two entered values do not match.'),  # click 8.0.0 8.1.7 8.5.1
    N_('Error: invalid input'),  # click 8.0.0 8.1.7 8.5.1
    N_('Unknown color {colour!r}'),  # click 8.5.1
    N_('Press any key to continue...'),  # click 8.0.0 8.1.7 8.5.1
    N_('Choose from:\n\t{choices}'),  # click 8.0.0 8.1.7 8.5.1
    Nn_('{value!r} is not {choice}.', '{value!r} is not one of {choices}.'),  # click 8.0.0 8.1.7 8.5.1
    N_('Choice({choices})'),  # click 8.5.1
    # click 8.0.0 8.1.7 8.5.1
    Nn_('{value!r} does not match the format {format}.', '{value!r} does not match the formats {formats}.'),
    N_('{value!r} is not a valid {number_type}.'),  # click 8.0.0 8.1.7 8.5.1
    N_('{value} is not in the range {range}.'),  # click 8.0.0 8.1.7 8.5.1
    N_('{value!r} is not a valid boolean. Recognized values: {states}'),  # click 8.5.1
    N_('{value!r} is not a valid UUID.'),  # click 8.0.0 8.1.7 8.5.1
    N_('file'),  # click 8.0.0 8.1.7 8.5.1
    N_('directory'),  # click 8.0.0 8.1.7 8.5.1
    N_('path'),  # click 8.0.0 8.1.7 8.5.1
    N_('{name} {filename!r} does not exist.'),  # click 8.0.0 8.1.7 8.5.1
    N_('{name} {filename!r} is a file.'),  # click 8.0.0 8.1.7 8.5.1
    N_('{name} {filename!r} is a directory.'),  # click 8.0.0 8.5.1
    N_('{name} {filename!r} is not readable.'),  # click 8.0.0 8.1.7 8.5.1
    N_('{name} {filename!r} is not writable.'),  # click 8.0.0 8.1.7 8.5.1
    N_('{name} {filename!r} is not executable.'),  # click 8.1.7 8.5.1
    # click 8.0.0 8.1.7 8.5.1
    Nn_('{len_type} values are required, but {len_value} was given.', '{len_type} values are required, but {len_value} were given.'),
    N_("Unknown standard stream '{name}'"),  # click 8.5.1
    # click 8.0.0
    N_('Click will abort further execution because Python was configured to use ASCII as encoding for the environment. Consult https://click.palletsprojects.com/unicode-support/ for mitigation steps.'),
    # click 8.0.0
    N_('Additional information: on this system no suitable UTF-8 locales were discovered. This most likely requires resolving by reconfiguring the locale system.'),
    # click 8.0.0
    N_('This system supports the C.UTF-8 locale which is recommended. You might be able to resolve your issue by exporting the following environment variables:'),
    # click 8.0.0
    N_('This system lists some UTF-8 supporting locales that you can pick from. The following suitable locales were discovered: {locales}'),
    # click 8.0.0
    N_('Click discovered that you exported a UTF-8 locale but the locale system could not pick up from it because it does not exist. The exported locale is {locale!r} but it is not supported.'),
    N_('(Deprecated) {text}'),  # click 8.0.0 8.1.7
    N_('DeprecationWarning: The command {name!r} is deprecated.'),  # click 8.0.0 8.1.7
    N_('required'),  # click 8.0.0 8.1.7
    N_('No such option: {name}'),  # click 8.0.0 8.1.7
    Nn_('Did you mean {possibility}?', '(Possible options: {possibilities})'),  # click 8.0.0 8.1.7
    N_('Error: The value you entered was invalid.'),  # click 8.0.0 8.1.7
    N_('Error: {e.message}'),  # click 8.0.0 8.1.7
    N_('{value!r} is not a valid boolean.'),  # click 8.0.0 8.1.7
    N_("{name} '{filename}' is a directory."),  # click 8.1.7
)
