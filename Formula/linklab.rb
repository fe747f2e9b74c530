# Homebrew formula for the linklab command-line tool, kept in the repository so that the
# repository itself is a tap:
#
#   brew tap universallinklab/linklab REPOSITORY-URL
#   brew install --HEAD universallinklab/linklab/linklab
#
# REPOSITORY-URL is the address this repository is published at. `homepage` and `head` below
# assume https://github.com/universallinklab/UniversalLinkLab: set both to the real address
# when publishing (or a fork's). There is no tagged release yet, so only --HEAD installs.
# The build uses the Swift of the Xcode command-line tools (Swift 6.1 or later: Xcode 16.3+).
class Linklab < Formula
  desc "Audit an iOS app's universal links: claims, association files, what iOS opens"
  homepage "https://github.com/universallinklab/UniversalLinkLab"
  license "Apache-2.0"
  head "https://github.com/universallinklab/UniversalLinkLab.git", branch: "main"

  depends_on xcode: ["16.3", :build]
  depends_on :macos
  depends_on macos: :sonoma

  uses_from_macos "zlib"

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "linklab"
    bin.install ".build/release/linklab"
    # ArgumentParser prints the scripts: linklab --generate-completion-script bash|zsh|fish
    generate_completions_from_executable(bin/"linklab", "--generate-completion-script")
    pkgshare.install "Samples"
  end

  def caveats
    <<~EOS
      The bundled sample is in #{opt_pkgshare}/Samples. Try it offline:
        linklab scan #{opt_pkgshare}/Samples/LinkLabSample.ipa --offline \\
          --aasa #{opt_pkgshare}/Samples/aasa --urls #{opt_pkgshare}/Samples/urls.txt
    EOS
  end

  test do
    assert_match(/\A\d+\.\d+\.\d+/, shell_output("#{bin}/linklab --version"))
    samples = pkgshare/"Samples"
    output = shell_output("#{bin}/linklab scan #{samples}/LinkLabSample.ipa --offline " \
                          "--aasa #{samples}/aasa --urls #{samples}/urls.txt --report #{testpath}/report.md")
    assert_match "ABCDE12345.com.example.app", output
    assert_path_exists testpath/"report.md"
    (testpath/"aasa.json").write '{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], ' \
                                 '"components": [{"/": "/buy/*"}]}]}}'
    assert_match "match", shell_output("#{bin}/linklab match --aasa #{testpath}/aasa.json " \
                                       "https://example.com/buy/42")
  end
end
