/// The help text.
enum Usage {
    static let text = """
    usage: spinnerd render KIND [key=value …] -o FILE   render one spinner (FILE '-' is standard output)
           spinnerd kinds                               list kinds and their parameters
           spinnerd frames KIND [key=value …] -o DIR    write the raw frames as PNGs with apngasm delay files

    The format comes from format=svg|apng|gif|png or else the file's extension (.svg .apng .gif .png).
    Parameters and their ranges are those of `spinnerd kinds`, the same as the HTTP query.
    Example: spinnerd render circular stroke=15 duration=1 style=accent format=gif -o spinner.gif
    """
}
